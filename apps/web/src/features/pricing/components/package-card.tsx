import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { CheckoutActions } from '../../../components/checkout/checkout-actions.tsx';
import { PriceTag } from '../../../components/price-tag.tsx';
import { ChangeDialog } from './change-dialog.tsx';
import { descriptionItems } from '../description-items.ts';

/** How buying this package would meet the customer's package of its type. */
export type PurchaseEffect =
  | { kind: 'new' }
  | { kind: 'extends'; until: string }
  /** A subscriber's move to another package: on payment, the new one starts and the old one's renewal stops. */
  | { kind: 'replaces'; direction: 'upgrade' | 'downgrade'; current: string; until: string }
  /** The customer's package, ended: buying it starts it again. */
  | { kind: 'renews' };

interface Props {
  pkg: Package;
  effect: PurchaseEffect;
  /** The account is deactivated: the card shows the package but offers no way to pay. */
  closed?: boolean;
  signedIn: boolean;
  onSignInRequired: () => void;
  onOrderCreated: (pkg: Package, checkout: CheckoutForm) => void;
  onPaid: (result: CaptureResult) => void;
}

/**
 * A subscriber's move to another package of the type: one button that opens the confirmation step,
 * which states the whole rule and names the websites the change will pause before anything is paid.
 */
function ChangeStep({
  pkg,
  effect,
  describedBy,
  onOrderCreated,
  onPaid,
}: {
  pkg: Package;
  effect: Extract<PurchaseEffect, { kind: 'replaces' }>;
  describedBy: string;
  onOrderCreated: Props['onOrderCreated'];
  onPaid: Props['onPaid'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="contained" size="large" aria-describedby={describedBy} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {effect.direction === 'upgrade' ? 'Upgrade' : 'Downgrade'}
      </Button>
      <ChangeDialog
        open={open}
        onClose={() => setOpen(false)}
        pkg={pkg}
        direction={effect.direction}
        current={effect.current}
        until={effect.until}
        onOrderCreated={(checkout) => onOrderCreated(pkg, checkout)}
        onPaid={onPaid}
      />
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/** One package: its allowance, the price per month (docs/product.md section 9), and the two ways to pay. */
export function PackageCard({ pkg, effect, closed = false, signedIn, onSignInRequired, onOrderCreated, onPaid }: Props) {
  const headingId = `package-${pkg.id}`;
  const items = descriptionItems(pkg.description);
  const current = effect.kind === 'extends' || effect.kind === 'renews';
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {pkg.name}
          </Typography>
          {current && <Chip size="small" color="primary" label={effect.kind === 'renews' ? 'Your plan (ended)' : 'Your plan'} />}
        </Stack>
        <PriceTag price={pkg.price} />
        <Stack component="dl" sx={{ m: 0 }}>
          <Figure label="Hits per day" value={pkg.hits_per_day.toLocaleString('en-US')} />
          <Figure label="Slots" value={pkg.slots.toLocaleString('en-US')} />
        </Stack>
        {items.length > 0 && (
          <>
            <Divider sx={{ my: 2 }} />
            <Stack component="ul" spacing={1} aria-label={`${pkg.name} includes`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((item, index) => (
                <Box component="li" key={`${index}-${item}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <CheckCircleIcon fontSize="small" color="success" aria-hidden sx={{ mt: '2px' }} />
                  <Typography variant="body2">{item}</Typography>
                </Box>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
      {!closed && (
        <CardActions disableSpacing sx={{ p: 3, pt: 0, flexDirection: 'column', alignItems: 'stretch', gap: 1.5 }}>
          {effect.kind === 'replaces' && (
            <Typography variant="body2" color="text.secondary" id={`${headingId}-effect`}>
              {effect.direction === 'upgrade'
                ? `Replaces your ${effect.current} package from today.`
                : `Replaces your ${effect.current} package from today, with fewer hits or slots.`}
            </Typography>
          )}
          {effect.kind === 'extends' && (
            <Typography variant="body2" color="text.secondary" id={`${headingId}-effect`}>
              Your package runs until {effect.until}; buying it again adds a month.
            </Typography>
          )}
          {effect.kind === 'replaces' ? (
            <ChangeStep
              pkg={pkg}
              effect={effect}
              describedBy={`${headingId} ${headingId}-effect`}
              onOrderCreated={onOrderCreated}
              onPaid={onPaid}
            />
          ) : (
            <CheckoutActions
              order={{ kind: 'package', id: pkg.id }}
              item={{ name: pkg.name, price: pkg.price }}
              signedIn={signedIn}
              onSignInRequired={onSignInRequired}
              onOrderCreated={(checkout) => onOrderCreated(pkg, checkout)}
              onPaid={onPaid}
              describedBy={effect.kind === 'extends' ? `${headingId} ${headingId}-effect` : headingId}
            />
          )}
        </CardActions>
      )}
    </Card>
  );
}
