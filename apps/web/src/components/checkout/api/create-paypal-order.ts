import type { BodyIn } from '@traffic/shared/contract';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';

/** An add-on bought once by PayPal (a package is a subscription: paypal-subscription.ts). */
export type AddonOrderRequest = BodyIn<typeof paymentsApi.paypal.createOrder>;

/** POST /api/payments/paypal/orders: our pending order and PayPal's, for exactly the catalogue price. */
export function createPaypalOrder(body: AddonOrderRequest) {
  return call(paymentsApi.paypal.createOrder, { body });
}
