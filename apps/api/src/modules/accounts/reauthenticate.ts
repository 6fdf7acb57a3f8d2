import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import type { AppError } from '../../core/app-error.ts';
import { verifyPassword } from '../../lib/password.ts';
import { checkSecondFactor } from './two-factor.ts';
import type { UserRow } from './users.repository.ts';

/**
 * What re-authenticates a step behind a session (closing an account, creating an access token): the
 * password, then the second factor when it is on. Run inside `checkBehindSession` (session-checks.ts),
 * so a wrong answer counts against the session. It lives beside it rather than in it because
 * two-factor.ts, which it calls, uses session-checks.ts itself.
 */
export async function reauthenticate(
  ctx: AppContext,
  tx: Executor,
  user: UserRow,
  input: { password: string; code?: string | undefined },
  rules: { missingCode: () => AppError; recoveryCodes: boolean },
): Promise<'ok' | 'wrong password' | 'wrong code'> {
  if (!(await verifyPassword(user.passwordHash, input.password))) return 'wrong password';
  if (!user.totpEnabledAt) return 'ok';
  if (!input.code) throw rules.missingCode();
  const used = await checkSecondFactor(ctx, tx, user, input.code);
  return used === 'code' || (used !== null && rules.recoveryCodes) ? 'ok' : 'wrong code';
}
