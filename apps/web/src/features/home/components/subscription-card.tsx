import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { paths } from '../../../shell/paths.ts';
import { PACKAGE_TYPE_LABELS } from '../../../components/package-type-labels.ts';
import { longDate, type ActiveAddon, type TypeState } from '../../../lib/subscription.ts';
import { ColumnCard } from '../../../components/column-card.tsx';

const count = new Intl.NumberFormat('en-US');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function StateChip({ state, onHold }: { state: TypeState; onHold: boolean }) {
  if (state.kind === 'none') return null;
  if (state.kind === 'expired') return <Chip size="small" color="warning" label="Expired" />;
  // A deactivated account's package is paid for but delivers nothing: not a green "Active".
  return onHold ? <Chip size="small" label="On hold" /> : <Chip size="small" color="success" label="Active" />;
}

function Addons({ addons, titleId }: { addons: ActiveAddon[]; titleId: string }) {
  if (addons.length === 0) return null;
  return (
    <>
      <Divider sx={{ my: 1.5 }} />
      <Typography id={titleId} variant="subtitle2" component="h3">
        Extra hits and slots
      </Typography>
      <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {addons.map((addon) => (
          <Stack
            key={addon.id}
            component="li"
            direction="row"
            sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, py: 0.5, '& > *': { whiteSpace: 'nowrap' } }}
          >
            <Typography>
              {addon.kind === 'hits' ? `+${count.format(addon.count)} hits/day` : `+${count.format(addon.count)} slots`}
            </Typography>
            <Typography color="text.secondary" sx={{ textAlign: 'right' }}>
              until {longDate.format(addon.expiresAt)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </>
  );
}

interface SubscriptionCardProps {
  type: PackageType;
  state: TypeState;
  addons: ActiveAddon[];
  /** The account is deactivated: nothing can be bought or extended, so no action is offered. */
  deactivated: boolean;
}

/** One package type on a customer's Home: the package and its end, running add-ons, and what can be done next. */
export function SubscriptionCard({ type, state, addons, deactivated }: SubscriptionCardProps) {
  const titleId = `subscription-${type}-title`;
  const label = PACKAGE_TYPE_LABELS[type];
  return (
    <ColumnCard component="section" labelledBy={titleId}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {label} package
          </Typography>
          <StateChip state={state} onHold={deactivated} />
        </Stack>
        {state.kind === 'none' ? (
          <Typography color="text.secondary">You have no {label} package yet.</Typography>
        ) : (
          <>
            <Typography variant="h5" component="p" gutterBottom>
              {state.subscription.package.name}
            </Typography>
            <Stack component="dl" sx={{ m: 0 }}>
              <Figure
                label={state.kind === 'expired' ? 'Expired on' : 'End date'}
                value={state.subscription.endsAt ? longDate.format(state.subscription.endsAt) : '-'}
              />
              <Figure label="Hits per day" value={count.format(state.subscription.package.hits_per_day)} />
              <Figure label="Slots" value={count.format(state.subscription.package.slots)} />
            </Stack>
          </>
        )}
        <Addons addons={addons} titleId={`${titleId}-addons`} />
      </CardContent>
      {!deactivated && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {state.kind === 'active' && (
            <>
              <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
                Extend
              </Button>
              <Button variant="outlined" component={RouterLink} to={paths.traffic(type)}>
                Add More
              </Button>
            </>
          )}
          {state.kind === 'expired' && (
            <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
              Renew
            </Button>
          )}
          {state.kind === 'none' && (
            <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
              See {label} packages
            </Button>
          )}
        </CardActions>
      )}
    </ColumnCard>
  );
}
