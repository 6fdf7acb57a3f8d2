import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import { deleteNotifications, findUserByEmail } from './users.repository.ts';

/** POST users/clear-notifications/{email}: empties that user's notification list. */
export async function clearNotifications(ctx: AppContext, actor: AuthUser, email: string): Promise<void> {
  assertSelfOrAdmin(actor, email);
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  await deleteNotifications(ctx.db, target.id);
}
