import type { User } from '@traffic/shared';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../http/auth.ts';
import type { Executor } from '@traffic/db';
import { findUserByEmail } from './users.repository.ts';
import { findUserView } from './user-view.repository.ts';
import { presentUser } from './user.presenter.ts';

export async function getUserObject(ctx: AppContext, userId: number, db: Executor = ctx.db): Promise<User> {
  const row = await findUserView(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  return presentUser(row, ctx.now());
}

/** POST users/load/{email}: the user object, for that user or an admin. */
export async function loadUser(ctx: AppContext, actor: AuthUser, email: string): Promise<User> {
  assertSelfOrAdmin(actor, email);
  const id = actor.email.toLowerCase() === email.trim().toLowerCase() ? actor.id : (await findUserByEmail(ctx.db, email))?.id;
  if (id === undefined) throw new AppError('NOT_FOUND', 'User not found.');
  return getUserObject(ctx, id);
}
