import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { paths } from '../../../app/paths.ts';
import type { Subscription } from '../subscription.ts';

const TYPE_NAMES: Record<PackageType, string> = { normal: 'Normal', seo: 'SEO' };
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

export function SubscriptionCard({ type, subscription }: { type: PackageType; subscription: Subscription | null }) {
  const titleId = `subscription-${type}-title`;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {TYPE_NAMES[type]} package
          </Typography>
          {subscription && (
            <Chip size="small" color={subscription.active ? 'success' : 'warning'} label={subscription.active ? 'Active' : 'Expired'} />
          )}
        </Stack>
        {subscription ? (
          <>
            <Typography variant="h5" component="p" gutterBottom>
              {subscription.package.name}
            </Typography>
            <Stack component="dl" sx={{ m: 0 }}>
              <Figure label="End date" value={subscription.endsAt ? dateFormat.format(subscription.endsAt) : '-'} />
              <Figure label="Hits per day" value={subscription.package.hits_per_day.toLocaleString()} />
              <Figure label="Slots" value={subscription.package.slots.toLocaleString()} />
            </Stack>
          </>
        ) : (
          <Typography color="text.secondary">You have no {TYPE_NAMES[type]} package yet.</Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        {subscription ? (
          <>
            <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
              Extend
            </Button>
            <Button variant="outlined" component={RouterLink} to={paths.traffic(type)}>
              Add More
            </Button>
          </>
        ) : (
          <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
            See {TYPE_NAMES[type]} packages
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
