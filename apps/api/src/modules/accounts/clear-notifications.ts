import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import { actsForAnother, audit, userTarget, type AuditSource } from '../audit/index.ts';
import { deleteNotifications, findUserByEmail, lockUser } from './users.repository.ts';

/**
 * POST users/clear-notifications/{email}: empties that user's notification list. An administrator
 * clearing a customer's list is audited (how many went), in its transaction.
 */
export async function clearNotifications(ctx: AppContext, actor: AuthUser, email: string, source: AuditSource): Promise<void> {
  assertSelfOrAdmin(actor, email);
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  if (!actsForAnother(actor, target.id)) {
    await deleteNotifications(ctx.db, target.id);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, target.id);
    const cleared = await deleteNotifications(tx, target.id);
    if (cleared > 0)
      await audit(tx, source, ctx.now(), {
        action: 'notifications_cleared',
        target: userTarget(target),
        before: { notifications: cleared },
        after: { notifications: 0 },
      });
  });
}
