import type { Executor } from '@traffic/db';
import type { CaptureResult, PaypalOrderResult } from '@traffic/shared';
import type { AppContext } from '../../../core/context.ts';
import { AppError } from '../../../core/app-error.ts';
import type { AuthUser } from '../../../core/auth-user.ts';
import { enqueueJob } from '../../../jobs/job-queue.ts';
import type { JobHandler } from '../../../jobs/job-runner.ts';
import { createPendingOrder } from '../create-order.ts';
import {
  findOrder,
  findOrderByProviderId,
  setGatewayStatus,
  updateOrder,
  type GatewaySubscriptionStatus,
  type OrderRow,
} from '../orders.repository.ts';
import type { PaypalSubscription, PaypalTransaction } from './paypal-billing-schemas.ts';
import { PaypalError, type PaypalClient } from './paypal-client.ts';
import { planForOrder } from './paypal-plans.ts';
import { applyRecurringCharges, type GatewayCharge } from '../recurring-charges.ts';
import { startGrace } from '../past-due.ts';
import { claimPaypalCall } from './paypal-cool-down.ts';

export const PAYPAL_SUBSCRIPTION_SYNC_JOB = 'paypal-subscription-sync';

const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/**
 * POST /api/payments/paypal/subscriptions: a pending package order priced from the catalogue, the
 * package's plan at that price, and a PayPal subscription for our order (custom_id) waiting for the
 * buyer's approval. Answers PayPal's subscription id (what the button's createSubscription returns).
 */
export async function createPaypalSubscription(
  ctx: AppContext,
  paypal: PaypalClient,
  actor: AuthUser,
  packageId: string,
): Promise<PaypalOrderResult> {
  const order = await createPendingOrder(ctx, actor, 'package', packageId, 'paypal');
  let subscription: PaypalSubscription;
  try {
    const planId = await planForOrder(ctx, paypal, order);
    subscription = await paypal.createSubscription(
      {
        planId,
        customId: order.id,
        email: actor.email,
        returnUrl: `${ctx.config.appUrl}/billing`,
        cancelUrl: `${ctx.config.appUrl}/pricing`,
      },
      order.id,
    );
  } catch (error) {
    await updateOrder(ctx.db, order.id, { status: 'failed' });
    if (!(error instanceof PaypalError)) throw error;
    ctx.log.error({ orderId: order.id, status: error.status, reason: error.reason, debugId: error.debugId }, 'PayPal subscription failed');
    throw new AppError('UPSTREAM', 'PayPal is not available right now. Please try again later.');
  }
  // Our own record of which subscription pays for which order: callbacks are matched by it.
  await updateOrder(ctx.db, order.id, { providerOrderId: subscription.id, gatewaySubscriptionId: subscription.id });
  return { id: subscription.id, orderUUID: order.id };
}

/**
 * POST /api/payments/paypal/subscriptions/:id/confirm (the button's onApprove): reads the
 * subscription and its charges from PayPal and applies them. The buyer's word that they approved
 * moves nothing; PayPal's record does.
 */
export async function confirmPaypalSubscription(
  ctx: AppContext,
  paypal: PaypalClient,
  actor: AuthUser,
  subscriptionId: string,
): Promise<CaptureResult> {
  const order = await findOrderByProviderId(ctx.db, 'paypal', subscriptionId);
  if (!order || order.userId !== actor.id || order.gatewaySubscriptionId !== subscriptionId) {
    throw new AppError('NOT_FOUND', 'Subscription not found.');
  }
  await claimPaypalCall(ctx, order);
  try {
    await syncPaypalSubscription(ctx, paypal, order.id);
  } catch (error) {
    if (!(error instanceof PaypalError)) throw error;
    ctx.log.error({ orderId: order.id, status: error.status, reason: error.reason }, 'PayPal subscription read failed');
    await enqueuePaypalSubscriptionSync(ctx.db, order.id);
  }
  const now = await findOrder(ctx.db, order.id);
  if (now?.grantedAt && now.status === 'paid') return { status: 'COMPLETED', message: 'Your subscription is active.', orderUUID: order.id };
  if (now?.status === 'revoked') throw new AppError('PAYMENT', 'This payment was refunded.');
  return {
    status: 'PENDING',
    message: 'PayPal is confirming your first payment; your package starts as soon as it does.',
    orderUUID: order.id,
  };
}

/** One pending read of the order's subscription at a time, however many webhooks ask for it. */
export async function enqueuePaypalSubscriptionSync(db: Executor, orderId: string): Promise<void> {
  await enqueueJob(db, PAYPAL_SUBSCRIPTION_SYNC_JOB, { orderId }, { dedupeKey: `${PAYPAL_SUBSCRIPTION_SYNC_JOB}:${orderId}` });
}

/** PayPal's subscription status in our words; undefined while the buyer has not approved it. */
function statusOf(subscription: PaypalSubscription): GatewaySubscriptionStatus | undefined {
  const info = subscription.billing_info;
  switch (subscription.status) {
    case 'ACTIVE': {
      // Still active but its last charge failed (PayPal retries): past due.
      const failedAt = info?.last_failed_payment?.time;
      const paidAt = info?.last_payment?.time;
      return failedAt && (!paidAt || failedAt > paidAt) ? 'failed' : 'active';
    }
    case 'SUSPENDED':
      return 'failed';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'completed';
    default:
      return undefined;
  }
}

const STATES: Record<string, GatewayCharge['state']> = { COMPLETED: 'paid', REFUNDED: 'refunded', PARTIALLY_REFUNDED: 'refunded' };

/** The order's settled charges, oldest first: those of its amount and currency that PayPal completed or refunded. */
function chargesOf(order: OrderRow, transactions: PaypalTransaction[]): GatewayCharge[] {
  return transactions
    .filter((t) => t.status in STATES)
    .filter((t) => {
      const gross = t.amount_with_breakdown.gross_amount;
      return cents(gross.value) === cents(order.amount) && gross.currency_code === order.currency;
    })
    .sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id))
    .map((t) => ({ id: t.id, state: STATES[t.status]!, payload: t }));
}

/**
 * Reads a PayPal subscription and its transactions and applies them (recurring-charges.ts): the
 * first completed charge grants the order, each later one renews it once, a refunded first charge
 * revokes it; and the order's gateway status follows PayPal's. Calls PayPal outside any transaction.
 */
export async function syncPaypalSubscription(ctx: AppContext, paypal: PaypalClient, orderId: string): Promise<string[]> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || order.provider !== 'paypal' || !order.gatewaySubscriptionId) return [];
  const subscription = await paypal.getSubscription(order.gatewaySubscriptionId);
  if (subscription.custom_id !== order.id) {
    ctx.log.warn({ orderId, subscriptionId: subscription.id }, 'PayPal subscription belongs to another order');
    return [];
  }
  const now = ctx.now();
  const transactions = await paypal.subscriptionTransactions(
    subscription.id,
    new Date(order.createdAt.getTime() - DAY_MS),
    new Date(now.getTime() + DAY_MS),
  );
  const done = await applyRecurringCharges(ctx, 'paypal', 'sale:', order.id, chargesOf(order, transactions));
  const status = statusOf(subscription);
  if (status) await setGatewayStatus(ctx.db, order.id, status);
  // Past due now, and not before: the grace period starts and the customer is told.
  if (status === 'failed' && order.gatewaySubscriptionStatus !== 'failed' && (await startGrace(ctx, order.id))) done.push('past due');
  return done;
}

export function paypalSubscriptionSyncJob(ctx: AppContext, paypal: PaypalClient): JobHandler {
  return async (payload) => {
    const done = await syncPaypalSubscription(ctx, paypal, String(payload.orderId));
    if (done.length) ctx.log.info({ orderId: payload.orderId, done }, 'PayPal subscription charges applied');
  };
}

/** Stops PayPal billing an order marked 'cancelling'; retried until PayPal confirms (renewals.ts). */
export function paypalCancelJob(ctx: AppContext, paypal: PaypalClient): JobHandler {
  return async (payload) => {
    const order = await findOrder(ctx.db, String(payload.orderId));
    if (!order || order.gatewaySubscriptionStatus !== 'cancelling' || !order.gatewaySubscriptionId) return;
    try {
      await paypal.cancelSubscription(order.gatewaySubscriptionId, 'Automatic renewal stopped');
    } catch (error) {
      // Already stopped at PayPal (cancelled, expired): nothing left to cancel.
      if (!(error instanceof PaypalError && error.status === 422)) throw error;
      const status = (await paypal.getSubscription(order.gatewaySubscriptionId)).status;
      if (status !== 'CANCELLED' && status !== 'EXPIRED') throw error;
    }
    await updateOrder(ctx.db, order.id, { gatewaySubscriptionStatus: 'cancelled' });
    ctx.log.info({ orderId: order.id, subscriptionId: order.gatewaySubscriptionId }, 'PayPal subscription cancelled');
  };
}
