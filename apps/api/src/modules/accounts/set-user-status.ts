import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../http/auth.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';

/**
 * PUT users/activate|deactivate/{email} (admin). Deactivation sets DEACTIVATED, which only an
 * admin's Activate lifts (RULES.md "Accounts"). An admin cannot deactivate their own account.
 */
export async function setUserStatus(ctx: AppContext, admin: AuthUser, email: string, status: 'ACTIVE' | 'DEACTIVATED'): Promise<void> {
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  if (target.id === admin.id && status === 'DEACTIVATED') throw new AppError('ADMIN_ERRORS', 'You cannot deactivate your own account.');
  await updateUser(ctx.db, target.id, { status });
}
