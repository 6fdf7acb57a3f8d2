import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { withdrawnAdminError, type AuthUser } from '../../core/auth-user.ts';
import { findUserByEmail, findUserForUpdate, lockActiveAdmins, updateUser } from './users.repository.ts';
import { endSessions } from './sessions.repository.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import type { Executor } from '@traffic/db';

/**
 * What a status change does outside the account, in its transaction: billing stops on deactivation,
 * paused websites come back on activation. Payments and websites sit above accounts
 * (docs/architecture.md, "Module order"), so app.ts passes it in (admin/user-status-effects.ts).
 */
export type StatusEffects = (tx: Executor, userId: number, status: 'ACTIVE' | 'DEACTIVATED') => Promise<void>;

export const OWN_STATUS_MESSAGE = 'You cannot activate or deactivate your own account.';
export const LAST_ADMIN_MESSAGE = 'This is the last active administrator: activate another administrator before deactivating this one.';

/**
 * PUT users/activate|deactivate/{email} (admin). Deactivation sets DEACTIVATED, which only an
 * admin's Activate lifts. Nobody changes their own status. Deactivation stops the customer's card
 * subscriptions at PayHere; a deactivated administrator's sessions end at once (they cannot sign in
 * again, http/auth.ts and login-user.ts), and the last active administrator cannot be deactivated.
 */
export async function setUserStatus(
  ctx: AppContext,
  admin: AuthUser,
  email: string,
  status: 'ACTIVE' | 'DEACTIVATED',
  source: AuditSource,
  effects: StatusEffects,
): Promise<void> {
  const found = await findUserByEmail(ctx.db, email);
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  await ctx.db.transaction(async (tx) => {
    // The active admins first (always in this order), then the target: the caller must still be one
    // of them, and one of them must remain.
    const activeAdmins = await lockActiveAdmins(tx);
    const target = await findUserForUpdate(tx, found.id);
    // A closed account stays closed (docs/decisions/0035-closing-an-account.md).
    if (!target || target.closedAt) throw new AppError('NOT_FOUND', 'User not found.');
    const isAdminTarget = target.role === 'ROLE_ADMIN';
    if (status === 'DEACTIVATED' && isAdminTarget && activeAdmins.every((id) => id === target.id)) {
      throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    }
    if (target.id === admin.id) throw new AppError('FORBIDDEN', OWN_STATUS_MESSAGE);
    // Deactivated meanwhile (by another administrator, whose change committed first).
    if (!activeAdmins.includes(admin.id)) throw withdrawnAdminError();
    const now = ctx.now();
    await updateUser(tx, target.id, { status });
    await audit(tx, source, now, {
      action: status === 'ACTIVE' ? 'user_activated' : 'user_deactivated',
      target: userTarget(target),
      subjectUserId: target.id,
      before: { status: target.status },
      after: { status },
    });
    // A deactivated administrator loses every power at once: their sessions end in this transaction.
    if (status === 'DEACTIVATED' && isAdminTarget) await endSessions(tx, target.id, now);
    await effects(tx, target.id, status);
  });
  ctx.jobs.kick();
}
