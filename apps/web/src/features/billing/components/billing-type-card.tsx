import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { BillingGateway, BillingState, BillingType } from '@traffic/shared/schemas/billing.schema';
import { paths } from '../../../shell/paths.ts';
import { notify } from '../../../shell/toast.ts';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { PACKAGE_TYPE_LABELS } from '../../../components/package-type-tabs.tsx';
import { longDate } from '../../../lib/subscription.ts';
import { useCancelRenewal } from '../api/billing.ts';

export const GATEWAY_LABELS: Record<BillingGateway, string> = {
  card: 'Card (PayHere)',
  paypal: 'PayPal',
  grant: 'Granted by an administrator',
};

const STATE_LABELS: Record<BillingState, { label: string; color: 'success' | 'warning' | 'default' | 'error' }> = {
  renewing: { label: 'Active', color: 'success' },
  'past-due': { label: 'Payment failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'warning' },
  'not-renewing': { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
  none: { label: 'No package', color: 'default' },
};

/** An amount as the receipts show it: "$44.99" for US dollars, else the currency's code. */
function money({ amount, currency }: { amount: string; currency: string }): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
}

/** The one sentence that says where the type's billing stands. */
function statusLine(b: BillingType): string {
  const date = b.expiresAt ? longDate.format(new Date(b.expiresAt)) : '';
  const gateway = b.gateway && b.gateway !== 'grant' ? GATEWAY_LABELS[b.gateway] : '';
  switch (b.state) {
    case 'renewing':
      return b.nextCharge
        ? `Renews on ${date} for ${money(b.nextCharge)}, paid by ${gateway}.`
        : `Renews automatically on ${date}, paid by ${gateway}.`;
    case 'past-due':
      return `Your last renewal payment failed. ${gateway} will try again; the package runs until ${date}.`;
    case 'cancelled':
      return `Automatic renewal is cancelled; the package ends on ${date}. ${gateway} will not charge you again.`;
    case 'not-renewing':
      return b.gateway === 'grant' ? `Granted by an administrator until ${date}.` : `Paid until ${date}; it does not renew automatically.`;
    case 'expired':
      return `Ended on ${date}.`;
    default:
      return `You have no ${PACKAGE_TYPE_LABELS[b.type]} package.`;
  }
}

/** A package type on /billing: its package, state, gateway, and the one action that fits it. */
export function BillingTypeCard({ billing }: { billing: BillingType }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRenewal();
  const state = STATE_LABELS[billing.state];
  const title = `${PACKAGE_TYPE_LABELS[billing.type]} package`;
  const headingId = `billing-${billing.type}-title`;
  const date = billing.expiresAt ? longDate.format(new Date(billing.expiresAt)) : '';
  const toPricing = billing.state === 'none' || billing.state === 'expired' || billing.state === 'cancelled';

  const confirmCancel = () =>
    cancel.mutate(billing.type, {
      onSuccess: () => {
        setConfirming(false);
        notify.success(`Automatic renewal cancelled. Your ${billing.packageName} package stays until ${date}.`);
      },
      onError: (error) => notify.error(error.message),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <Chip size="small" label={state.label} color={state.color} variant={state.color === 'default' ? 'outlined' : 'filled'} />
        </Stack>
        {billing.packageName && (
          <Typography variant="h5" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {billing.packageName}
          </Typography>
        )}
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {statusLine(billing)}
        </Typography>
      </CardContent>
      {(billing.canCancel || toPricing) && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {billing.canCancel && (
            <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
              Cancel automatic renewal
            </Button>
          )}
          {toPricing && (
            <Link component={RouterLink} to={paths.pricing(billing.type)}>
              {billing.state === 'cancelled' ? 'Start a new subscription on Pricing' : 'See the packages'}
            </Link>
          )}
        </CardActions>
      )}
      <ActionDialog
        open={confirming}
        title="Cancel automatic renewal?"
        confirmLabel="Cancel renewal"
        cancelLabel="Keep renewal"
        tone="warning"
        width="xs"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      >
        <DialogContentText>
          Your {billing.packageName} package stays until {date}, and {billing.gateway ? GATEWAY_LABELS[billing.gateway] : 'the gateway'}{' '}
          will not charge you again. A cancelled renewal cannot be resumed: to continue after {date}, buy the package again.
        </DialogContentText>
      </ActionDialog>
    </Card>
  );
}
