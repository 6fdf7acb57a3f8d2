import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import type { OrderRequest } from './create-card-order.ts';

/** POST /api/payments/paypal/orders: our pending order and PayPal's, for exactly the catalogue price. */
export function createPaypalOrder(body: OrderRequest) {
  return call(paymentsApi.paypal.createOrder, { body });
}
