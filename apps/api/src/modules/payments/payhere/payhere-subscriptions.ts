import type { Executor } from '@traffic/db';
import type { AppContext } from '../../../core/context.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import type { JobHandler } from '../../../jobs/job-runner.ts';
import type { PeriodicTask } from '../../../jobs/scheduler.ts';
import {
  anyBillingOrder,
  BILLING,
  findOrder,
  grantedCardOrders,
  recordSubscriptionReading,
  updateOrder,
  type GatewaySubscriptionStatus,
} from '../orders.repository.ts';
import type { PayhereApi, PayhereSubscription } from './payhere-api.ts';
import { startGrace } from '../past-due.ts';

export const PAYHERE_SUBSCRIPTION_SYNC_JOB = 'payhere-subscription-sync';

const FROM_PAYHERE: Record<string, GatewaySubscriptionStatus> = {
  ACTIVE: 'active',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
};

/** Asks for every card order's subscription id and status to be read from PayHere (one pending read at a time). */
export async function enqueueSubscriptionSync(db: Executor): Promise<void> {
  await enqueueJob(db, PAYHERE_SUBSCRIPTION_SYNC_JOB, {}, { dedupeKey: PAYHERE_SUBSCRIPTION_SYNC_JOB });
}

/**
 * The subscription PayHere runs for this order, found by our own order id in PayHere's list (never
 * by a subscription_id from a notify, which md5sig does not cover: trusting it could cancel
 * another customer's subscription).
 */
function subscriptionOf(orderId: string, list: PayhereSubscription[]): PayhereSubscription | undefined {
  return list.find((s) => s.order_id === orderId);
}

export function payhereCancelJob(ctx: AppContext, api: PayhereApi): JobHandler {
  return async (payload) => {
    const order = await findOrder(ctx.db, String(payload.orderId));
    if (!order || order.gatewaySubscriptionStatus !== 'cancelling') return;
    const subscriptionId = order.gatewaySubscriptionId ?? subscriptionOf(order.id, await api.subscriptions())?.subscription_id;
    // PayHere has not set the subscription up (yet): try again later; after the last attempt the
    // job is left failed, where the admin sees it.
    if (!subscriptionId) throw new Error(`PayHere lists no subscription for order ${order.id} yet`);
    await api.cancelSubscription(subscriptionId);
    await updateOrder(ctx.db, order.id, { gatewaySubscriptionId: subscriptionId, gatewaySubscriptionStatus: 'cancelled' });
    ctx.log.info({ orderId: order.id, subscriptionId }, 'PayHere subscription cancelled');
  };
}

/**
 * Reads PayHere's subscription list and records, for each of our card orders, its subscription id
 * and status. An order being cancelled stays 'cancelling' until its cancel job has run.
 */
export function payhereSubscriptionSyncJob(ctx: AppContext, api: PayhereApi): JobHandler {
  return async () => {
    const list = await api.subscriptions();
    const orderIds = list.map((s) => s.order_id).filter(isUuid);
    if (orderIds.length === 0) return;
    const ours = await grantedCardOrders(ctx.db, orderIds);
    for (const order of ours) {
      const subscription = subscriptionOf(order.id, list)!;
      const status = FROM_PAYHERE[subscription.status];
      const next = order.status === 'cancelling' && status && BILLING.includes(status) ? 'cancelling' : (status ?? order.status);
      if (order.subscriptionId === subscription.subscription_id && order.status === next) continue;
      // Only over the status read above: a cancel job may have ended the subscription since.
      const recorded = await recordSubscriptionReading(ctx.db, order.id, order.status, {
        gatewaySubscriptionId: subscription.subscription_id,
        gatewaySubscriptionStatus: next,
      });
      if (!recorded) continue;
      // Past due now, and not before: the grace period starts and the customer is told.
      if (next === 'failed' && order.status !== 'failed') await startGrace(ctx, order.id);
    }
  };
}

/** Once a day, while any card subscription still bills: ids and statuses read from PayHere. */
export function payhereSubscriptionSyncTask(ctx: AppContext): PeriodicTask {
  return {
    name: 'payhere-subscription-sync',
    everyMs: 24 * 60 * 60 * 1000,
    async run() {
      if (await anyBillingOrder(ctx.db)) await enqueueSubscriptionSync(ctx.db);
    },
  };
}

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
