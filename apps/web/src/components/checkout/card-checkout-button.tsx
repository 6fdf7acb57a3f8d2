import { useEffect, useState } from 'react';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import Button from '@mui/material/Button';
import type { CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { useCreateCardOrder, type OrderRequest } from './api/create-card-order.ts';
import { submitCheckoutForm } from './submit-checkout-form.ts';

export interface CardCheckoutButtonProps {
  order: OrderRequest;
  signedIn: boolean;
  onSignInRequired: () => void;
  /** Runs after the server opened the order and before the browser leaves: keep the pending purchase here. */
  onOrderCreated: (checkout: CheckoutForm) => void;
  onError: (error: unknown) => void;
  onStart?: () => void;
  /** The id of the element naming what is bought (the card's heading). */
  describedBy?: string;
  /** 'Buy Now' unless the card says otherwise (Upgrade, Downgrade). */
  label?: string;
}

/** 'Buy Now': the server opens the order and signs the form, then the browser posts it to the card gateway. */
export function CardCheckoutButton({
  order,
  signedIn,
  onSignInRequired,
  onOrderCreated,
  onError,
  onStart,
  describedBy,
  label = 'Buy Now',
}: CardCheckoutButtonProps) {
  const createOrder = useCreateCardOrder();
  const [leaving, setLeaving] = useState(false);

  // Coming back with the browser's Back button restores this page as it was left: busy.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  function buy() {
    if (!signedIn) {
      onSignInRequired();
      return;
    }
    onStart?.();
    createOrder.mutate(order, {
      onSuccess: (checkout) => {
        setLeaving(true);
        onOrderCreated(checkout);
        submitCheckoutForm(checkout);
      },
      onError,
    });
  }

  return (
    <Button
      variant="contained"
      size="large"
      fullWidth
      startIcon={<CreditCardIcon />}
      loading={createOrder.isPending || leaving}
      loadingPosition="start"
      onClick={buy}
      aria-describedby={describedBy}
    >
      {label}
    </Button>
  );
}
