import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';
import { audit, userTarget, type AuditSource } from '../audit/audit-source.ts';
import { PACKAGE_TYPES } from '@traffic/shared';
import { stopRenewals } from '../payments/renewals.ts';
import { enqueueReconcile } from '../websites/reconcile-capacity.ts';

/**
 * PUT users/activate|deactivate/{email} (admin). Deactivation sets DEACTIVATED, which only an
 * admin's Activate lifts. An admin cannot deactivate their own account. Deactivation stops the
 * customer's card subscriptions at PayHere.
 */
export async function setUserStatus(
  ctx: AppContext,
  admin: AuthUser,
  email: string,
  status: 'ACTIVE' | 'DEACTIVATED',
  source: AuditSource,
): Promise<void> {
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  if (target.id === admin.id && status === 'DEACTIVATED') throw new AppError('ADMIN_ERRORS', 'You cannot deactivate your own account.');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, target.id, { status });
    await audit(tx, source, ctx.now(), {
      action: status === 'ACTIVE' ? 'user_activated' : 'user_deactivated',
      target: userTarget(target),
      before: { status: target.status },
      after: { status },
    });
    // A deactivated customer is not charged again; an admin's Activate does not restart billing
    // (the customer buys again when they want it).
    if (status === 'DEACTIVATED') await stopRenewals(tx, { userId: target.id });
    // Activated again: the websites the system paused meanwhile come back as far as capacity allows.
    else for (const type of PACKAGE_TYPES) await enqueueReconcile(tx, target.id, type);
  });
  ctx.jobs.kick();
}
