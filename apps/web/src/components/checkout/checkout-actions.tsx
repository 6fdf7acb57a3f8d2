import { useState } from 'react';
import Stack from '@mui/material/Stack';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import type { OrderRequest } from './api/create-card-order.ts';
import { CardCheckoutButton } from './card-checkout-button.tsx';
import { checkoutErrorMessage } from './checkout-error.ts';
import { PaypalCheckoutButton } from './paypal-checkout-button.tsx';
import type { CheckoutItem } from './paypal-sandbox-dialog.tsx';
import { ErrorAlert } from '../error-alert.tsx';

export interface CheckoutActionsProps {
  order: OrderRequest;
  item: CheckoutItem;
  /** False for a visitor: either button then asks them to sign in first. */
  signedIn: boolean;
  onSignInRequired: () => void;
  /** Keeps the pending purchase (docs/product.md section 3) before the browser leaves for the card gateway. */
  onOrderCreated: (checkout: CheckoutForm) => void;
  /** A PayPal payment went through (or PayPal is settling it). */
  onPaid: (result: CaptureResult) => void;
  /** The id of the element naming the item (the card's heading), for screen readers. */
  describedBy?: string;
  /** The card button's words: Buy Now, or Upgrade / Downgrade for a subscriber changing package. */
  buyLabel?: string;
}

/** A catalogue card's two ways to pay, with the reason shown under them when one fails. */
export function CheckoutActions({
  order,
  item,
  signedIn,
  onSignInRequired,
  onOrderCreated,
  onPaid,
  describedBy,
  buyLabel = 'Buy Now',
}: CheckoutActionsProps) {
  const [error, setError] = useState<string | null>(null);
  const clear = () => setError(null);
  const report = (failure: unknown) => setError(checkoutErrorMessage(failure));
  // What the card and the PayPal button are both given: a new try clears the last error, a failure shows here.
  const both = { order, signedIn, onSignInRequired, onStart: clear, onError: report, describedBy };

  return (
    <Stack spacing={1.25} sx={{ width: '100%' }}>
      <CardCheckoutButton {...both} onOrderCreated={onOrderCreated} label={buyLabel} />
      <PaypalCheckoutButton {...both} item={item} onPaid={onPaid} />
      <ErrorAlert message={error} />
    </Stack>
  );
}
