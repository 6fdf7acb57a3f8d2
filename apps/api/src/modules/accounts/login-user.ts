import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { clearLoginFailures, countRecentLoginFailures, findUserByLogin, recordLoginFailure, type UserRow } from './users.repository.ts';

export const LOCKOUT = { failures: 5, windowMs: 15 * 60 * 1000 } as const;
const LOGIN_FAIL_MESSAGE = 'Invalid username or password';

/** Verifying against a real hash for unknown accounts keeps the answer time from telling them apart. */
let decoyHash: Promise<string> | undefined;

/**
 * POST users/login (by email or username). Five failures for one account within 15 minutes refuse
 * further attempts with 429 until the window passes (RULES.md). The account row is locked while
 * counting, so parallel guesses cannot slip past the limit.
 */
export async function loginUser(ctx: AppContext, login: string, password: string): Promise<UserRow> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await findUserByLogin(tx, login, true);
    if (!user) {
      decoyHash ??= hashPassword('decoy-password-for-timing');
      await verifyPassword(await decoyHash, password);
      return { kind: 'fail' as const };
    }
    const now = ctx.now();
    const recent = await countRecentLoginFailures(tx, user.id, new Date(now.getTime() - LOCKOUT.windowMs));
    if (recent.count >= LOCKOUT.failures) {
      const retryAt = new Date((recent.oldest ?? now).getTime() + LOCKOUT.windowMs);
      return { kind: 'locked' as const, retryAt };
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordLoginFailure(tx, user.id, now);
      return { kind: 'fail' as const };
    }
    if (recent.count > 0) await clearLoginFailures(tx, user.id);
    return { kind: 'ok' as const, user };
  });

  if (outcome.kind === 'ok') return outcome.user;
  if (outcome.kind === 'locked') {
    const seconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - ctx.now().getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${outcome.retryAt.toISOString()}).`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  throw new AppError('LOGIN_FAIL', LOGIN_FAIL_MESSAGE);
}
