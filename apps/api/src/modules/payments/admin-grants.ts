import type { User } from '@traffic/shared';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findAddon, findPackage } from '../catalogue/index.ts';
import { findUserByEmail, getUserObject } from '../accounts/index.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import {
  deleteActivation,
  findActivation,
  findActivationByOrder,
  findSubscription,
  insertOrder,
  lockUser,
  type OrderKind,
} from './orders.repository.ts';
import { grantOrder } from './grant-order.ts';
import type { Activation } from '@traffic/shared';
import { presentActivation } from '../shapes/index.ts';

type ActivationRow = NonNullable<Awaited<ReturnType<typeof findActivationByOrder>>>;

/** The customer's package of one type as the audit log shows it: id, name and end. */
async function packageState(tx: Executor, userId: number, type: string): Promise<Record<string, unknown> | undefined> {
  const subscription = await findSubscription(tx, userId, type);
  if (!subscription) return undefined;
  const pkg = await findPackage(tx, subscription.packageId, { includeRetired: true });
  return { package: subscription.packageId, name: pkg?.name ?? null, expiresAt: subscription.expiresAt.toISOString() };
}

/** An activated add-on as the audit log shows it. */
const activationState = (a: ActivationRow) => ({
  activation: a.id,
  addon: a.addonId,
  name: a.name,
  kind: a.kind,
  type: a.type,
  count: a.count,
  expiresAt: a.expiresAt.toISOString(),
});

/**
 * An admin's grant counts as a purchase of amount 0 and is recorded as such (docs/product.md section 10): an order
 * with provider 'grant', paid at once, granted in the same transaction, which also writes the audit
 * record (the customer's package before and after, or the add-on activated).
 */
async function grant(
  ctx: AppContext,
  admin: AuthUser,
  email: string,
  kind: OrderKind,
  itemId: string,
  source: AuditSource,
): Promise<{ userId: number; activation: ActivationRow | undefined }> {
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', `No user with email ${email.trim()}.`);
  const item = kind === 'package' ? await findPackage(ctx.db, itemId) : await findAddon(ctx.db, itemId, { kind });
  if (!item) throw new AppError('NOT_FOUND', `No ${kind === 'package' ? 'package' : 'add-on'} ${itemId}.`);
  const now = ctx.now();
  const activation = await ctx.db.transaction(async (tx) => {
    // The user's row first: inserting the order takes a key-share lock on it (the foreign key), and
    // two grants each holding that while waiting for grantOrder's row lock would deadlock.
    await lockUser(tx, target.id);
    const before = kind === 'package' ? await packageState(tx, target.id, item.type) : undefined;
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
    if (kind === 'package') {
      await audit(tx, source, now, {
        action: 'package_granted',
        target: userTarget(target),
        ...(before ? { before } : {}),
        after: { ...(await packageState(tx, target.id, item.type)), order: order.id },
      });
      return undefined;
    }
    const activated = await findActivationByOrder(tx, order.id);
    if (!activated) throw new Error(`grant of order ${order.id} activated nothing`);
    await audit(tx, source, now, {
      action: 'addon_granted',
      target: userTarget(target),
      after: { ...activationState(activated), order: order.id },
    });
    return activated;
  });
  return { userId: target.id, activation };
}

/** POST users/addPackage by an admin: {pkg, email}. */
export async function grantPackage(ctx: AppContext, admin: AuthUser, email: string, pkg: string, source: AuditSource): Promise<User> {
  const { userId } = await grant(ctx, admin, email, 'package', pkg, source);
  return getUserObject(ctx, userId);
}

/** POST activated-additional-hits|slots/email. */
export async function grantAddon(
  ctx: AppContext,
  admin: AuthUser,
  kind: 'hits' | 'slots',
  email: string,
  addonId: string,
  source: AuditSource,
): Promise<Activation> {
  const { activation } = await grant(ctx, admin, email, kind, addonId, source);
  return presentActivation(activation!);
}

/** DELETE activated-additional-hits|slots/{id}/ (admin); the audit record names the customer and what went. */
export async function deleteActivatedAddon(ctx: AppContext, kind: 'hits' | 'slots', id: number, source: AuditSource): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const activation = await findActivation(tx, id);
    if (!activation) return false;
    // The user's row first, as every writer of activated_addons does (its trigger updates that row).
    const owner = await lockUser(tx, activation.userId);
    if (!owner || !(await deleteActivation(tx, id, kind))) return false;
    await audit(tx, source, ctx.now(), { action: 'addon_deleted', target: userTarget(owner), before: activationState(activation) });
    return true;
  });
  if (!deleted) throw new AppError('NOT_FOUND', 'No such activated add-on.');
}
