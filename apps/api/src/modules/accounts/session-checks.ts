import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { countWrongAnswer, endSessions } from './sessions.repository.ts';
import { findUserForUpdate, type UserRow } from './users.repository.ts';

/** Wrong passwords or codes one session may give before it ends. */
export const SESSION_WRONG_ANSWERS = 5;

export const sessionEndedByWrongAnswers = () =>
  new AppError('UNAUTHORIZED', 'Too many wrong passwords or codes: this session has ended. Please sign in again.');

/**
 * A check of the password and/or a code behind a session (turning two-factor sign-in on or off, new
 * recovery codes, a password change), with the account's row locked. A wrong answer is recorded as
 * what it is (`security_check_failed`: the owner was signed in, not signing in) and counts against
 * the session it came with, which ends at the fifth (docs/decisions/0024-accountable-admins.md). It
 * never counts toward the sign-in lockout: someone holding a stolen session but not the password
 * must not be able to lock the owner out of signing in. `check` answers null for a wrong answer.
 */
export async function checkBehindSession<T>(
  ctx: AppContext,
  caller: AuthUser,
  source: AuditSource,
  check: (tx: Executor, user: UserRow) => Promise<T | null>,
  wrongAnswer: () => AppError,
): Promise<T> {
  const outcome = await ctx.db.transaction(async (tx): Promise<{ ok: T } | { ended: true } | { wrong: true }> => {
    const user = await findUserForUpdate(tx, caller.id);
    if (!user) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
    const result = await check(tx, user);
    if (result !== null) return { ok: result };
    const now = ctx.now();
    const target = userTarget(user);
    await audit(tx, source, now, { action: 'security_check_failed', target, subjectUserId: user.id });
    if ((await countWrongAnswer(tx, caller.token.id)) < SESSION_WRONG_ANSWERS) return { wrong: true };
    await endSessions(tx, user.id, now, { only: caller.token.id });
    await audit(tx, source, now, {
      action: 'session_ended',
      target,
      subjectUserId: user.id,
      after: { session: caller.token.id, reason: 'too many wrong passwords or codes' },
    });
    return { ended: true };
  });
  if ('ok' in outcome) return outcome.ok;
  if ('ended' in outcome) throw sessionEndedByWrongAnswers();
  throw wrongAnswer();
}
