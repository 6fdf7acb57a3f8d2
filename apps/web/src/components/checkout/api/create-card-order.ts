import { useMutation } from '@tanstack/react-query';
import type { OrderKind } from '@traffic/shared/schemas/payments.schema';
import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';

export interface OrderRequest {
  kind: OrderKind;
  /** The catalogue id (`pkgBasic`, `1000Hits`): the server prices it, never the browser. */
  id: string;
}

/** POST /api/orders: a pending card order and the gateway form's fields, signed on the server. */
export function createCardOrder(body: OrderRequest) {
  return call(paymentsApi.createCardCheckout, { body });
}

export function useCreateCardOrder() {
  return useMutation({ mutationFn: createCardOrder });
}
