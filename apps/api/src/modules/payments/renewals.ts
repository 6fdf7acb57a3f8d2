import type { Executor } from '@traffic/db';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { markBillingOrdersCancelling, type OrderRow } from './orders.repository.ts';

/** Jobs that stop a gateway's recurring billing for one order, retried until the gateway confirms. */
export const PAYHERE_CANCEL_JOB = 'payhere-cancel';
export const PAYPAL_CANCEL_JOB = 'paypal-cancel';

/** A package order a gateway bills monthly: every card order, and a PayPal order made as a subscription. */
export function isRecurring(order: Pick<OrderRow, 'kind' | 'provider' | 'gatewaySubscriptionId'>): boolean {
  return (
    order.kind === 'package' && (order.provider === 'payhere' || (order.provider === 'paypal' && order.gatewaySubscriptionId !== null))
  );
}

/**
 * Stops the gateways charging for the customer's subscriptions that should no longer bill: when
 * the customer moves to another package or starts a new subscription of the type (`type`, all but
 * `exceptOrderId`), is deactivated (no `type`), cancels the renewal, or the order is refunded or
 * charged back (`orderId`). Each is marked 'cancelling' here, in the caller's transaction, and
 * cancelled at its gateway by a job retried until the gateway confirms.
 */
export async function stopRenewals(
  tx: Executor,
  target: { userId: number; type?: string; exceptOrderId?: string } | { orderId: string },
): Promise<number> {
  const rows = await markBillingOrdersCancelling(tx, target);
  for (const { id, provider } of rows) {
    const kind = provider === 'paypal' ? PAYPAL_CANCEL_JOB : PAYHERE_CANCEL_JOB;
    await enqueueJob(tx, kind, { orderId: id }, { dedupeKey: `${kind}:${id}` });
  }
  return rows.length;
}
