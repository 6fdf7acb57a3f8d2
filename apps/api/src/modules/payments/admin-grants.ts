import type { User } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findAddon, findPackage } from '../catalogue/catalogue.repository.ts';
import { findUserByEmail } from '../accounts/users.repository.ts';
import { getUserObject } from '../accounts/load-user.ts';
import { deleteActivation, findActivation, findActivationByOrder, insertOrder, lockUser, type OrderKind } from './orders.repository.ts';
import { grantOrder } from './grant-order.ts';
import type { Activation } from '@traffic/shared';
import { presentActivation } from './activation.presenter.ts';

/**
 * An admin's grant counts as a purchase of amount 0 and is recorded as such (docs/product.md section 10): an order
 * with provider 'grant', paid at once, granted in the same transaction.
 */
async function grant(
  ctx: AppContext,
  admin: AuthUser,
  email: string,
  kind: OrderKind,
  itemId: string,
): Promise<{ userId: number; orderId: string }> {
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', `No user with email ${email.trim()}.`);
  const item = kind === 'package' ? await findPackage(ctx.db, itemId) : await findAddon(ctx.db, itemId, kind);
  if (!item) throw new AppError('NOT_FOUND', `No ${kind === 'package' ? 'package' : 'add-on'} ${itemId}.`);
  const now = ctx.now();
  const orderId = await ctx.db.transaction(async (tx) => {
    // The user's row first: inserting the order takes a key-share lock on it (the foreign key), and
    // two grants each holding that while waiting for grantOrder's row lock would deadlock.
    await lockUser(tx, target.id);
    const order = await insertOrder(tx, {
      userId: target.id,
      kind,
      itemId,
      itemName: item.name,
      packageType: item.type,
      amount: '0.00',
      provider: 'grant',
      status: 'paid',
      paidAt: now,
      grantedBy: admin.id,
    });
    await grantOrder(ctx, tx, order.id);
    return order.id;
  });
  return { userId: target.id, orderId };
}

/** POST users/addPackage by an admin: {pkg, email}. */
export async function grantPackage(ctx: AppContext, admin: AuthUser, email: string, pkg: string): Promise<User> {
  const { userId } = await grant(ctx, admin, email, 'package', pkg);
  return getUserObject(ctx, userId);
}

/** POST activated-additional-hits|slots/email. */
export async function grantAddon(
  ctx: AppContext,
  admin: AuthUser,
  kind: 'hits' | 'slots',
  email: string,
  addonId: string,
): Promise<Activation> {
  const { orderId } = await grant(ctx, admin, email, kind, addonId);
  const activation = await findActivationByOrder(ctx.db, orderId);
  return presentActivation(activation!);
}

/** DELETE activated-additional-hits|slots/{id}/ (admin). */
export async function deleteActivatedAddon(ctx: AppContext, kind: 'hits' | 'slots', id: number): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const activation = await findActivation(tx, id);
    if (!activation) return false;
    // The user's row first, as every writer of activated_addons does (its trigger updates that row).
    await lockUser(tx, activation.userId);
    return deleteActivation(tx, id, kind);
  });
  if (!deleted) throw new AppError('NOT_FOUND', 'No such activated add-on.');
}
