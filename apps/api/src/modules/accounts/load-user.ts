import type { User } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import type { Executor } from '@traffic/db';
import { findUserByEmail } from './users.repository.ts';
import { findUserView, type UserViewRow } from './user-view.repository.ts';
import { presentUser } from './user.presenter.ts';
import { nextChange, type UserViewCache } from './user-view-cache.ts';

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
 * object comes from `views` while its stamp (read with the session check) is unchanged.
 */
export async function loadUserJson(ctx: AppContext, views: UserViewCache, actor: AuthUser, email: string): Promise<string> {
  assertSelfOrAdmin(actor, email);
  const now = ctx.now();
  const self = actor.email.toLowerCase() === email.trim().toLowerCase();
  // Only the caller's own object is cached, under the stamp read with the session check.
  const stamp = self ? actor.viewStamp : undefined;
  const cached = stamp === undefined ? undefined : views.get(actor.id, stamp, now);
  if (cached !== undefined) return cached;
  const id = self ? actor.id : (await findUserByEmail(ctx.db, email))?.id;
  if (id === undefined) throw new AppError('NOT_FOUND', 'User not found.');
  const row = await findView(ctx.db, id);
  const json = JSON.stringify(presentUser(row, now));
  // Stored under the stamp read before the object: if a write landed in between, the object is newer
  // than its stamp and the next call, seeing the new stamp, simply rebuilds it.
  if (stamp !== undefined) {
    const expiries = [...row.subscriptions.map((s) => s.expiresAt), ...row.addons.map((a) => a.expiresAt)];
    views.set(actor.id, { stamp, json, validUntil: nextChange(expiries, now) });
  }
  return json;
}
