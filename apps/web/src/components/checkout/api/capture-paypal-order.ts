import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';

/**
 * POST /api/payments/paypal/orders/:id/capture: COMPLETED (granted) or PENDING (PayPal's webhook
 * settles it). A 402 PAYMENT is a declined payment: the buyer may try again.
 */
export function capturePaypalOrder(paypalOrderId: string) {
  return call(paymentsApi.paypal.capture, { params: { id: paypalOrderId } });
}
