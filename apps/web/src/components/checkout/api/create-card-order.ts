import { useMutation } from '@tanstack/react-query';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';

/** What to buy: its kind and catalogue id (`pkgBasic`, `1000Hits`); the server prices it, never the browser. */
export type OrderRequest = BodyIn<typeof paymentsApi.createCardCheckout>;

/** POST /api/orders: a pending card order and the gateway form's fields, signed on the server. */
export function createCardOrder(body: OrderRequest) {
  return call(paymentsApi.createCardCheckout, { body });
}

export function useCreateCardOrder() {
  return useMutation({ mutationFn: createCardOrder });
}
