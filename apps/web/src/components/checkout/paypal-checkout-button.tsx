import { lazy, Suspense, useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { useClientConfig } from './api/client-config.ts';
import type { OrderRequest } from './api/create-card-order.ts';
import { PaypalBrandButton } from './paypal-brand-button.tsx';
import { PaypalSandboxDialog, type CheckoutItem } from './paypal-sandbox-dialog.tsx';

// PayPal's SDK is its own chunk, loaded only in live mode and only where a PayPal button shows.
const PaypalLiveButtons = lazy(() => import('./paypal-live-buttons.tsx'));

export interface PaypalCheckoutButtonProps {
  order: OrderRequest;
  item: CheckoutItem;
  signedIn: boolean;
  onSignInRequired: () => void;
  onStart: () => void;
  onPaid: (result: CaptureResult) => void;
  onError: (error: unknown) => void;
  describedBy?: string;
}

const buttonSkeleton = <Skeleton variant="rounded" height={42} aria-label="Loading PayPal" />;

/**
 * The PayPal button. Live mode (a PayPal client id) shows PayPal's own; sandbox mode, where
 * PayPal's script cannot load, shows one that opens our approval dialog against the sandbox.
 */
export function PaypalCheckoutButton(props: PaypalCheckoutButtonProps) {
  const { order, item, signedIn, onSignInRequired, onStart, onPaid, onError, describedBy } = props;
  const config = useClientConfig();
  const [open, setOpen] = useState(false);

  if (!signedIn) return <PaypalBrandButton onClick={onSignInRequired} describedBy={describedBy} />;
  if (config.isPending) return buttonSkeleton;
  if (config.isError) {
    return (
      <Stack spacing={0.5}>
        <PaypalBrandButton disabled onClick={() => {}} describedBy={describedBy} />
        <Typography variant="caption" color="text.secondary">
          PayPal is unavailable right now.
        </Typography>
      </Stack>
    );
  }

  const clientId = config.data.paypalClientId;
  if (clientId) {
    return (
      <Suspense fallback={buttonSkeleton}>
        <PaypalLiveButtons clientId={clientId} order={order} onStart={onStart} onPaid={onPaid} onError={onError} />
      </Suspense>
    );
  }
  return (
    <>
      <PaypalBrandButton
        describedBy={describedBy}
        onClick={() => {
          onStart();
          setOpen(true);
        }}
      />
      <PaypalSandboxDialog
        open={open}
        item={item}
        order={order}
        onClose={() => setOpen(false)}
        onPaid={(result) => {
          setOpen(false);
          onPaid(result);
        }}
      />
    </>
  );
}
