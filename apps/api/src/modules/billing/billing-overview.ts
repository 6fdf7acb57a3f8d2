import {
  PACKAGE_TYPES,
  type BillingReminders,
  type BillingGateway,
  type BillingOverview,
  type BillingState,
  type BillingType,
} from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findSubscription, findOrder, lockUser, isRecurring, stopRenewals, emailDate, queueBillingEmail } from '../payments/index.ts';
import { findReminderSetting, setReminderSetting, subscriptionsWithOrders, type SubscriptionBillingRow } from './billing.repository.ts';

const GATEWAYS: Record<string, BillingGateway> = { payhere: 'card', paypal: 'paypal', grant: 'grant' };

function stateOf(row: SubscriptionBillingRow, now: Date): BillingState {
  if (new Date(row.expires_at) <= now) return 'expired';
  const recurring = row.provider === 'payhere' || (row.provider === 'paypal' && row.gateway_subscription_id !== null);
  if (!recurring) return 'not-renewing';
  switch (row.gateway_subscription_status ?? 'active') {
    case 'active':
      return 'renewing';
    case 'failed':
      return 'past-due';
    default:
      return 'cancelled';
  }
}

function present(type: (typeof PACKAGE_TYPES)[number], row: SubscriptionBillingRow | undefined, now: Date): BillingType {
  if (!row)
    return { type, state: 'none', packageId: null, packageName: null, expiresAt: null, gateway: null, nextCharge: null, canCancel: false };
  const state = stateOf(row, now);
  return {
    type,
    state,
    packageId: row.package_id,
    packageName: row.package_name,
    expiresAt: new Date(row.expires_at).toISOString(),
    gateway: row.provider ? (GATEWAYS[row.provider] ?? null) : null,
    nextCharge: state === 'renewing' && row.amount && row.currency ? { amount: row.amount, currency: row.currency } : null,
    canCancel: state === 'renewing' || state === 'past-due',
  };
}

/** Per package type, the user's package, when its paid period ends and whether it renews (also the admin's customer page). */
export async function billingTypesOf(ctx: AppContext, userId: number): Promise<BillingType[]> {
  const rows = await subscriptionsWithOrders(ctx.db, userId);
  const now = ctx.now();
  return PACKAGE_TYPES.map((type) =>
    present(
      type,
      rows.find((r) => r.type === type),
      now,
    ),
  );
}

/** GET /api/billing: per package type, the package, when its paid period ends and whether it renews. */
export async function billingOverview(ctx: AppContext, actor: AuthUser): Promise<BillingOverview> {
  return { types: await billingTypesOf(ctx, actor.id) };
}

/**
 * POST /api/billing/:type/cancel: stops the type's automatic renewal at its gateway (renewals.ts).
 * The package stays until its paid period ends; nothing is refunded. Cancelling twice is answered
 * with the same state, not an error, so a double click or a retry is harmless.
 */
export async function cancelRenewal(ctx: AppContext, actor: AuthUser, type: string): Promise<BillingOverview> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, actor.id);
    const subscription = await findSubscription(tx, actor.id, type);
    const order = subscription?.orderId ? await findOrder(tx, subscription.orderId, true) : undefined;
    if (!subscription || subscription.expiresAt <= ctx.now()) throw new AppError('NOT_FOUND', `You have no ${type} package.`);
    if (!order || !isRecurring(order)) throw new AppError('CONFLICT', 'This package does not renew automatically.');
    if ((await stopRenewals(tx, { orderId: order.id })) > 0) {
      await queueBillingEmail(ctx, tx, actor.id, {
        kind: 'cancelled',
        item: order.itemName,
        endsOn: emailDate(subscription.paidUntil ?? subscription.expiresAt),
      });
    }
  });
  ctx.jobs.kick();
  return billingOverview(ctx, actor);
}

/** GET /api/billing/reminders. */
export async function billingReminders(ctx: AppContext, actor: AuthUser): Promise<BillingReminders> {
  return { enabled: await findReminderSetting(ctx.db, actor.id) };
}

/** PUT /api/billing/reminders: the Update details switch. Receipts and account notices are not affected. */
export async function setBillingReminders(ctx: AppContext, actor: AuthUser, enabled: boolean): Promise<BillingReminders> {
  await setReminderSetting(ctx.db, actor.id, enabled);
  return { enabled };
}
