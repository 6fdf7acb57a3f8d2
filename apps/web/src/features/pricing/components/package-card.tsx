import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { CheckoutActions } from '../../../components/checkout/checkout-actions.tsx';
import { PlanCard } from '../../../components/pricing/plan-card.tsx';
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

/** One package: its allowance, the price per month (docs/product.md section 9), and the two ways to pay. */
export function PackageCard({ pkg, effect, closed = false, signedIn, onSignInRequired, onOrderCreated, onPaid }: Props) {
  const headingId = `package-${pkg.id}`;
  const current = effect.kind === 'extends' || effect.kind === 'renews';
  return (
    <PlanCard
      headingId={headingId}
      name={pkg.name}
      price={pkg.price}
      hitsPerDay={pkg.hits_per_day}
      slots={pkg.slots}
      items={descriptionItems(pkg.description)}
      itemsLabel={`${pkg.name} includes`}
      highlighted={current}
      {...(current ? { badge: effect.kind === 'renews' ? 'Your plan (ended)' : 'Your plan' } : {})}
    >
      {!closed && (
        <>
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
        </>
      )}
    </PlanCard>
  );
}
