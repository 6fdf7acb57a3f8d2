import type { User } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import type { Executor } from '@traffic/db';
import { findUserByEmail } from './users.repository.ts';
import { findUserView, type UserViewRow } from './user-view.repository.ts';
import { presentUser } from './user.presenter.ts';
import { nextChange, type AccountCache } from './account-cache.ts';

async function findView(db: Executor, userId: number): Promise<UserViewRow> {
  const row = await findUserView(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  return row;
}

export async function getUserObject(ctx: AppContext, userId: number, db: Executor = ctx.db): Promise<User> {
  return presentUser(await findView(db, userId), ctx.now());
}

/**
 * POST users/load/{email}: the user object, serialised, for that user or an admin. A customer's own
 * object comes from `accounts` (account-cache.ts) while the database announces no change to it.
 */
export async function loadUserJson(ctx: AppContext, accounts: AccountCache<unknown>, actor: AuthUser, email: string): Promise<string> {
  assertSelfOrAdmin(actor, email);
  const now = ctx.now();
  // Only the caller's own object is kept.
  const self = actor.email.toLowerCase() === email.trim().toLowerCase();
  const cached = self ? accounts.view(actor.id, now.getTime()) : undefined;
  if (cached !== undefined) return cached;
  const id = self ? actor.id : (await findUserByEmail(ctx.db, email))?.id;
  if (id === undefined) throw new AppError('NOT_FOUND', 'User not found.');
  const ticket = accounts.beginRead(id);
  const row = await findView(ctx.db, id);
  const json = JSON.stringify(presentUser(row, now));
  if (self) {
    const expiries = [...row.subscriptions.map((s) => s.expiresAt), ...row.addons.map((a) => a.expiresAt)];
    accounts.storeView(id, json, nextChange(expiries, now), ticket);
  }
  return json;
}
