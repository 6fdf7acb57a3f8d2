import { presentActivation } from '../shapes/index.ts';
import type { Activation, User } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { getUserObject } from '../accounts/index.ts';
import { findActivationByOrder, findLatestOrderForItem, findOrder, type OrderKind, type OrderRow } from './orders.repository.ts';
import { grantOrder } from './grant-order.ts';
import { enqueuePayhereCharges } from './payhere/payhere-charges.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The customer's own order for this item: the one named (from browser storage) or their newest.
 * Someone else's order is reported exactly like a missing one.
 */
async function ownOrder(ctx: AppContext, actor: AuthUser, kind: OrderKind, itemId: string, orderId?: string): Promise<OrderRow> {
  const order = orderId
    ? UUID.test(orderId)
      ? await findOrder(ctx.db, orderId)
      : undefined
    : await findLatestOrderForItem(ctx.db, actor.id, kind, itemId);
  if (!order || order.userId !== actor.id || order.kind !== kind || order.itemId !== itemId) {
    throw new AppError('NOT_FOUND', 'No such order.');
  }
  return order;
}

/**
 * Grants a paid order if the callback has not done it yet (it normally has); never an unpaid one.
 * A card order still pending when its buyer is back asks PayHere's API in the background, in case
 * the notify was lost: the page asks again a moment later.
 */
async function ensureGranted(ctx: AppContext, order: OrderRow): Promise<void> {
  if (order.status === 'pending') {
    if (order.provider === 'payhere') await enqueuePayhereCharges(ctx.db, order);
    throw new AppError('PAYMENT', 'The payment has not been confirmed yet.');
  }
  if (order.status !== 'paid') throw new AppError('PAYMENT', 'This order was not paid.');
  if (!order.grantedAt) await ctx.db.transaction((tx) => grantOrder(ctx, tx, order.id));
}

/** POST users/addPackage by a customer: finalizes their own paid order for that package; answers the user. */
export async function finalizePackagePurchase(ctx: AppContext, actor: AuthUser, pkg: string, orderId?: string): Promise<User> {
  const order = await ownOrder(ctx, actor, 'package', pkg, orderId);
  await ensureGranted(ctx, order);
  return getUserObject(ctx, actor.id);
}

/** POST activated-additional-hits|slots by a customer: `token` is their paid order's id. */
export async function activatePurchasedAddon(
  ctx: AppContext,
  actor: AuthUser,
  kind: 'hits' | 'slots',
  addonId: string,
  token: string,
): Promise<Activation> {
  const order = await ownOrder(ctx, actor, kind, addonId, token);
  await ensureGranted(ctx, order);
  const activation = await findActivationByOrder(ctx.db, order.id);
  if (!activation) throw new AppError('NOT_FOUND', 'This add-on is no longer active.');
  return presentActivation(activation);
}
