import type { AppContext } from '../../core/context.ts';
import { findOrder, findSubscription, lockUser, setSubscriptionExpiry } from './orders.repository.ts';
import { emailDate, GATEWAY_NAMES, queueBillingEmail } from './billing-emails.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewal charge failed (the gateway says so; the order is now 'failed', past due). The package
 * keeps running for the grace period (`RENEWAL_GRACE_DAYS`, default 3) after its paid end: its end
 * moves to the grace's end and the paid end is kept in `paid_until`, from which a later successful
 * charge counts its month (grant-order.ts). The customer is e-mailed once per failed period. If no
 * charge succeeds, the package ends with the grace and its websites are paused as at any expiry.
 */
export async function startGrace(ctx: AppContext, orderId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order || order.kind !== 'package' || order.revokedAt) return false;
    await lockUser(tx, order.userId);
    const current = await findSubscription(tx, order.userId, order.packageType);
    // The customer has moved to another package, or a grace already runs for this period.
    if (!current || current.packageId !== order.itemId || current.paidUntil) return false;
    const now = ctx.now();
    const paidEnd = current.expiresAt;
    const graceEnd = new Date(Math.max(paidEnd.getTime(), now.getTime()) + ctx.config.renewalGraceDays * DAY_MS);
    await setSubscriptionExpiry(tx, current.id, graceEnd, undefined, { paidUntil: paidEnd });
    await queueBillingEmail(ctx, tx, order.userId, {
      kind: 'renewal-failed',
      item: order.itemName,
      gateway: GATEWAY_NAMES[order.provider] ?? order.provider,
      graceUntil: emailDate(graceEnd),
    });
    return true;
  });
}
