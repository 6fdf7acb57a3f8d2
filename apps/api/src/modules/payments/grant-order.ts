import type { Executor } from '@traffic/db';
import { updateUser } from '../accounts/index.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { addMonths } from '../../lib/dates.ts';
import { findAddon, findPackage } from '../catalogue/index.ts';
import { enqueueReconcile } from '../websites/index.ts';
import { emailDate, GATEWAY_NAMES, queueBillingEmail } from './billing-emails.ts';
import { enqueueSubscriptionSync } from './payhere/payhere-subscriptions.ts';
import { isRecurring, stopRenewals } from './renewals.ts';
import {
  deleteActivation,
  findOrder,
  findSubscription,
  insertActivation,
  lockUser,
  setSubscriptionExpiry,
  updateOrder,
  upsertSubscription,
  type OrderRow,
} from './orders.repository.ts';

/** What a grant changed, stored on the order so a revocation undoes exactly that. */
type GrantEffect =
  | { kind: 'package'; previous: { packageId: string; expiresAt: string; startedAt: string } | null; expiresAt: string }
  | { kind: 'addon'; activationId: number };

/**
 * Applies a paid order, once: the order row is locked and `granted_at` is set in the same
 * transaction, so concurrent callbacks, captures and finalizes cannot grant twice. Call inside a
 * transaction; returns false when the order had already been granted.
 */
export async function grantOrder(ctx: AppContext, tx: Executor, orderId: string): Promise<boolean> {
  const order = await findOrder(tx, orderId, true);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  if (order.grantedAt) return false;
  if (order.status !== 'paid') throw new AppError('PAYMENT', 'This order has not been paid.');

  const user = await lockUser(tx, order.userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  // A payment that lands after its account was closed grants nothing (support refunds it), and
  // whatever it set renewing at the gateway is cancelled there.
  if (user.closedAt) {
    await stopRenewals(tx, { userId: user.id });
    return false;
  }
  const now = ctx.now();
  let effect: GrantEffect;

  if (order.kind === 'package') {
    const pkg = await findPackage(tx, order.itemId, { includeRetired: true });
    if (!pkg) throw new AppError('NOT_FOUND', `No package ${order.itemId}.`);
    const current = await findSubscription(tx, user.id, pkg.type);
    // docs/product.md section 10: the same package still running is extended by a calendar month; anything else is replaced.
    const extending = current && current.packageId === pkg.id && current.expiresAt > now;
    // In a failed renewal's grace period the paid end (paid_until) is where the new month starts.
    const paidEnd = current ? (current.paidUntil ?? current.expiresAt) : now;
    const expiresAt = addMonths(extending && paidEnd > now ? paidEnd : now, 1);
    await upsertSubscription(tx, {
      userId: user.id,
      type: pkg.type,
      packageId: pkg.id,
      startedAt: extending ? current.startedAt : now,
      expiresAt,
      orderId: order.id,
    });
    // One recurring subscription bills per package type: a new one (card or PayPal), or a move to
    // another package (bought or granted), stops the gateways charging for the others.
    if (isRecurring(order) || (current && current.packageId !== pkg.id)) {
      await stopRenewals(tx, { userId: user.id, type: pkg.type, exceptOrderId: order.id });
    }
    if (order.provider === 'payhere') await enqueueSubscriptionSync(tx);
    effect = {
      kind: 'package',
      previous: current
        ? { packageId: current.packageId, expiresAt: current.expiresAt.toISOString(), startedAt: current.startedAt.toISOString() }
        : null,
      expiresAt: expiresAt.toISOString(),
    };
    await enqueueReconcile(tx, user.id, pkg.type);
    // The first package makes a new account ACTIVE; an admin's deactivation is lifted only by an admin.
    if (user.status === 'INACTIVE') {
      await updateUser(tx, user.id, { status: 'ACTIVE', updatedAt: now });
    }
  } else {
    const addon = await findAddon(tx, order.itemId, { kind: order.kind as 'hits' | 'slots', includeRetired: true });
    if (!addon) throw new AppError('NOT_FOUND', `No add-on ${order.itemId}.`);
    const activation = await insertActivation(tx, {
      userId: user.id,
      addonId: addon.id,
      kind: addon.kind,
      type: addon.type,
      name: addon.name,
      count: addon.count,
      orderId: order.id,
      activatedAt: now,
      expiresAt: addMonths(now, 1),
    });
    effect = { kind: 'addon', activationId: activation.id };
    await enqueueReconcile(tx, user.id, addon.type);
  }

  await updateOrder(tx, order.id, { grantedAt: now, grantEffect: effect });
  if (order.provider !== 'grant') {
    await queueBillingEmail(ctx, tx, user.id, {
      kind: 'receipt',
      item: order.itemName,
      amount: `${Number(order.amount).toFixed(2)} ${order.currency}`,
      gateway: GATEWAY_NAMES[order.provider] ?? order.provider,
      renewal: false,
      paidUntil: effect.kind === 'package' ? emailDate(new Date(effect.expiresAt)) : null,
    });
  }
  // An order a deactivated customer started before the deactivation and paid since: what was paid
  // for is theirs, but the card is not charged again.
  if (user.status === 'DEACTIVATED') await stopRenewals(tx, { userId: user.id });
  return true;
}

/**
 * A confirmed monthly charge extends the subscription only while its paid end is at most one month
 * and this margin ahead: the charge for the next month applies at once (whenever the gateway bills
 * it), but a run of further charges waits, one month at a time, so a subscription is never paid
 * more than one period ahead (docs/decisions/0020-billing.md).
 */
export const RENEWAL_LEAD_MS = 7 * 24 * 60 * 60 * 1000;

export type RenewalOutcome = 'renewed' | 'early' | 'not-applicable';

/**
 * One confirmed monthly charge of a package order (PayHere recurring): one more calendar month.
 * The caller has confirmed the charge with the gateway's API and records it once.
 */
export async function renewOrder(ctx: AppContext, tx: Executor, order: OrderRow): Promise<RenewalOutcome> {
  if (order.kind !== 'package' || !order.grantedAt || order.revokedAt) return 'not-applicable';
  const pkg = await findPackage(tx, order.itemId, { includeRetired: true });
  if (!pkg) return 'not-applicable';
  // A closed account renews nothing: a charge that lands after the closing is for support to refund.
  if ((await lockUser(tx, order.userId))?.closedAt) return 'not-applicable';
  const current = await findSubscription(tx, order.userId, pkg.type);
  // A customer who has moved to another package keeps it; the old plan's charge is for support to refund.
  if (!current || current.packageId !== pkg.id) return 'not-applicable';
  const now = ctx.now();
  // During a failed renewal's grace period the paid end is kept apart: the month counts from it.
  const paidEnd = current.paidUntil ?? current.expiresAt;
  if (paidEnd.getTime() > addMonths(now, 1).getTime() + RENEWAL_LEAD_MS) return 'early';
  const expiresAt = addMonths(paidEnd > now ? paidEnd : now, 1);
  await setSubscriptionExpiry(tx, current.id, expiresAt, undefined, { paidUntil: null });
  await enqueueReconcile(tx, order.userId, pkg.type);
  await queueBillingEmail(ctx, tx, order.userId, {
    kind: 'receipt',
    item: order.itemName,
    amount: `${Number(order.amount).toFixed(2)} ${order.currency}`,
    gateway: GATEWAY_NAMES[order.provider] ?? order.provider,
    renewal: true,
    paidUntil: emailDate(expiresAt),
  });
  return 'renewed';
}

/** A charge-back or refund: undoes what the order granted (docs/product.md section 10, "Payments"). */
export async function revokeOrder(
  ctx: AppContext,
  tx: Executor,
  orderId: string,
  reason: 'refund' | 'chargeback' = 'chargeback',
): Promise<void> {
  const order = await findOrder(tx, orderId, true);
  if (!order || order.revokedAt) return;
  const now = ctx.now();
  const effect = order.grantEffect as GrantEffect | null;
  if (order.grantedAt && effect?.kind === 'package') {
    const pkg = await findPackage(tx, order.itemId, { includeRetired: true });
    await lockUser(tx, order.userId);
    const current = pkg ? await findSubscription(tx, order.userId, pkg.type) : undefined;
    if (current && current.orderId === order.id) {
      // Nothing has touched the subscription since: put back what was there before.
      if (effect.previous) await setSubscriptionExpiry(tx, current.id, new Date(effect.previous.expiresAt), effect.previous.packageId);
      else await setSubscriptionExpiry(tx, current.id, now);
    } else if (current && current.packageId === order.itemId) {
      // Later orders extended it: take back the month this one paid for, not beyond now.
      const shortened = addMonths(current.expiresAt, -1);
      await setSubscriptionExpiry(tx, current.id, shortened > now ? shortened : now);
    }
    if (pkg) await enqueueReconcile(tx, order.userId, pkg.type, reason);
  } else if (order.grantedAt && effect?.kind === 'addon') {
    // The user's row first, as every writer of activated_addons does (its trigger updates that row).
    await lockUser(tx, order.userId);
    await deleteActivation(tx, effect.activationId);
    await enqueueReconcile(tx, order.userId, order.packageType, reason);
  }
  await updateOrder(tx, order.id, { status: 'revoked', revokedAt: now, revokedReason: reason });
  // Money taken back: the gateway does not charge again for this order.
  await stopRenewals(tx, { orderId: order.id });
}

/**
 * One renewal's money taken back (a refund or a charge-back of a monthly charge): the month it paid
 * for goes (the paid period ends a month earlier, not before now), the renewal stops, and the
 * websites are reconciled with the cause named.
 */
export async function revokeRenewal(ctx: AppContext, tx: Executor, orderId: string, reason: 'refund' | 'chargeback'): Promise<void> {
  const order = await findOrder(tx, orderId, true);
  if (!order) return;
  await lockUser(tx, order.userId);
  const current = await findSubscription(tx, order.userId, order.packageType);
  if (current && current.packageId === order.itemId) {
    const now = ctx.now();
    const shortened = addMonths(current.paidUntil ?? current.expiresAt, -1);
    await setSubscriptionExpiry(tx, current.id, shortened > now ? shortened : now, undefined, { paidUntil: null });
  }
  await stopRenewals(tx, { orderId: order.id });
  await enqueueReconcile(tx, order.userId, order.packageType, reason);
}
