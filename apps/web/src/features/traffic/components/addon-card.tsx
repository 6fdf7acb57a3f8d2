import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { CheckoutActions } from '../../../components/checkout/checkout-actions.tsx';
import type { AddonKind } from '../addon-kind.ts';
import { ColumnCard } from '../../../components/column-card.tsx';

interface Props {
  addon: AddonPackage;
  kind: AddonKind;
  onOrderCreated: (addon: AddonPackage, checkout: CheckoutForm) => void;
  onPaid: (result: CaptureResult) => void;
  /** The account is deactivated: the card offers no way to pay. */
  closed: boolean;
}

/** One extra-hits or extra-slots package: its price in dollars, its name, and the two ways to pay. */
export function AddonCard({ addon, kind, onOrderCreated, onPaid, closed }: Props) {
  const headingId = `addon-${kind}-${addon.id}`;
  return (
    <ColumnCard component="article" labelledBy={headingId}>
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
          {`$${addon.price}`}
        </Typography>
        <Typography id={headingId} variant="h6" component="h3" sx={{ mt: 1 }}>
          {addon.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {kind === 'hits'
            ? `${addon.count.toLocaleString('en-US')} more hits per day for one month`
            : `${addon.count.toLocaleString('en-US')} more website slots for one month`}
        </Typography>
      </CardContent>
      {!closed && (
        <CardActions sx={{ p: 3, pt: 0 }}>
          <CheckoutActions
            order={{ kind, id: addon.id }}
            item={{ name: addon.name, price: addon.price }}
            signedIn
            onSignInRequired={() => {}}
            onOrderCreated={(checkout) => onOrderCreated(addon, checkout)}
            onPaid={onPaid}
            describedBy={headingId}
          />
        </CardActions>
      )}
    </ColumnCard>
  );
}
