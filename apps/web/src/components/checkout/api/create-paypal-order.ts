import type { PaypalOrderResult } from '@traffic/shared/schemas/payments.schema';
import { api } from '../../../lib/api-client.ts';
import type { OrderRequest } from './create-card-order.ts';

/** POST /api/payments/paypal/orders: our pending order and PayPal's, for exactly the catalogue price. */
export function createPaypalOrder(body: OrderRequest): Promise<PaypalOrderResult> {
  return api.post<PaypalOrderResult>('/payments/paypal/orders', body);
}
