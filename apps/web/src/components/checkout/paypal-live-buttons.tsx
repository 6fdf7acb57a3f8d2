import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import { isApiError } from '../../lib/api-client.ts';
import { capturePaypalOrder } from './api/capture-paypal-order.ts';
import type { OrderRequest } from './api/create-card-order.ts';
import { createPaypalOrder } from './api/create-paypal-order.ts';
import { confirmPaypalSubscription, createPaypalSubscription } from './api/paypal-subscription.ts';

export interface PaypalLiveButtonsProps {
  clientId: string;
  order: OrderRequest;
  onStart: () => void;
  onPaid: (result: CaptureResult) => void;
  onError: (error: unknown) => void;
}

/*
 * PayPal's own button (live mode), in its own chunk: the SDK and PayPal's script load only where a
 * PayPal button is shown. The server creates and captures; the browser never names a price. A
 * package is a monthly subscription (`intent: "subscription"`, `vault: true`); an add-on a one-time order.
 */
export default function PaypalLiveButtons({ clientId, ...props }: PaypalLiveButtonsProps) {
  const options =
    props.order.kind === 'package'
      ? { clientId, vault: true, intent: 'subscription' as const }
      : { clientId, currency: 'USD', intent: 'capture' as const };
  return (
    <PayPalScriptProvider options={options}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ order, onStart, onPaid, onError }: Omit<PaypalLiveButtonsProps, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // Our own failures are reported with the server's words; PayPal then reports them again, vaguely.
  const reported = useRef(false);
  const report = (error: unknown) => {
    reported.current = true;
    onError(error);
  };
  const { kind } = order;
  if (isRejected) return <Alert severity="warning">PayPal could not be loaded. Please use Buy Now, or try again later.</Alert>;
  return (
    <>
      {isPending && <Skeleton variant="rounded" height={42} aria-label="Loading PayPal" />}
      <PayPalButtons
        fundingSource="paypal"
        style={{ layout: 'horizontal', tagline: false, height: 42 }}
        forceReRender={[order.kind, order.id]}
        onClick={() => onStart()}
        {...(kind === 'package'
          ? {
              createSubscription: async () => {
                reported.current = false;
                try {
                  return (await createPaypalSubscription(order.id)).id;
                } catch (error) {
                  report(error);
                  throw error;
                }
              },
            }
          : {
              createOrder: async () => {
                reported.current = false;
                try {
                  return (await createPaypalOrder({ kind, id: order.id })).id;
                } catch (error) {
                  report(error);
                  throw error;
                }
              },
            })}
        onApprove={async (data, actions) => {
          try {
            onPaid(await (data.subscriptionID ? confirmPaypalSubscription(data.subscriptionID) : capturePaypalOrder(data.orderID)));
          } catch (error) {
            report(error);
            // A declined payment goes back to PayPal so the buyer can choose another way to pay.
            if (isApiError(error, 'PAYMENT') && error.status === 402) actions.restart();
          }
        }}
        onError={(error) => {
          if (!reported.current) onError(error);
          reported.current = false;
        }}
      />
    </>
  );
}
