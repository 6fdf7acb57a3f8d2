import type { Executor } from '@traffic/db';
import type { AccountSecurity } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { queueEmail } from '../mail/index.ts';
import { endSessions, listOpenSessions } from './sessions.repository.ts';
import { countUnusedRecoveryCodes } from './two-factor.repository.ts';
import { checkBehindSession } from './session-checks.ts';
import { findUserByEmail, setPassword } from './users.repository.ts';

/**
 * The account's sessions (docs/decisions/0023-account-security.md): each sign-in is a row, the token
 * names it, and ending the row ends the token on its next call.
 */

/** POST users/logout: ends the session this call came with, only it (the account's other devices stay signed in). */
export async function signOut(ctx: AppContext, user: AuthUser): Promise<void> {
  await endSessions(ctx.db, user.id, ctx.now(), { only: user.token.id });
}

/** GET account/security. */
export async function securityOverview(ctx: AppContext, user: AuthUser): Promise<AccountSecurity> {
  const now = ctx.now();
  const [rows, recoveryCodesLeft] = await Promise.all([listOpenSessions(ctx.db, user.id, now), countUnusedRecoveryCodes(ctx.db, user.id)]);
  return {
    twoFactor: { enabled: user.twoFactor, required: user.twoFactorRequired, recoveryCodesLeft },
    sessions: rows.map((row) => ({
      id: row.id,
      device: row.device,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === user.token.id,
    })),
  };
}

/** DELETE account/sessions/{id}: one of the caller's own sessions (another account's id is "not found"). */
export async function endOwnSession(ctx: AppContext, user: AuthUser, sessionId: string, source: AuditSource): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const ended = await endSessions(tx, user.id, now, { only: sessionId });
    if (ended === 0) throw new AppError('NOT_FOUND', 'That session has already ended.');
    await audit(tx, source, now, {
      action: 'session_ended',
      target: userTarget(user),
      subjectUserId: user.id,
      after: { session: sessionId },
    });
  });
}

/** POST account/sessions/sign-out-others: every session of the caller but this one. */
export async function endOtherSessions(ctx: AppContext, user: AuthUser, source: AuditSource): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const ended = await endSessions(tx, user.id, now, { except: user.token.id });
    // Recorded only when something happened: a call that ended nothing writes nothing.
    if (ended > 0)
      await audit(tx, source, now, { action: 'other_sessions_ended', target: userTarget(user), subjectUserId: user.id, after: { ended } });
    return ended;
  });
}

/** POST admin/users/{email}/sessions/end: every session of a user, by an admin. */
export async function endUserSessions(ctx: AppContext, email: string, source: AuditSource): Promise<number> {
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const ended = await endSessions(tx, target.id, now);
    if (ended > 0)
      await audit(tx, source, now, {
        action: 'user_sessions_ended',
        target: userTarget(target),
        subjectUserId: target.id,
        after: { ended },
      });
    return ended;
  });
}

/**
 * A new password, in the caller's transaction: the hash is set, the account's sessions end (all, or
 * all but the one `keep`), the change is audited and the owner is mailed. A password change and a
 * reset both come here.
 */
export async function replacePassword(
  tx: Executor,
  user: { id: number; email: string; username: string },
  passwordHash: string,
  now: Date,
  source: AuditSource,
  how: { action: 'password_changed'; keep: string } | { action: 'password_reset' },
): Promise<void> {
  await setPassword(tx, user.id, passwordHash);
  const ended = await endSessions(tx, user.id, now, how.action === 'password_changed' ? { except: how.keep } : {});
  await audit(tx, source, now, { action: how.action, target: userTarget(user), subjectUserId: user.id, after: { sessionsEnded: ended } });
  await queueEmail(tx, {
    to: user.email,
    subject: 'Your password was changed',
    text: `Hello ${user.username},\n\nThe password of your account was changed at ${now.toUTCString()} (${source.device}, address ${source.ip}). ${how.action === 'password_changed' ? 'Every other session was signed out.' : 'Every session was signed out.'}\n\nIf this was not you, reset your password now with "Forgot password" on the sign-in page.`,
  });
}

/**
 * POST account/password: the current password proves it is the owner; every other session ends. A
 * wrong one is a failed check behind the session (session-checks.ts), not a free guess.
 */
export async function changePassword(
  ctx: AppContext,
  user: AuthUser,
  input: { currentPassword: string; password: string },
  source: AuditSource,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  // Under the same rule as every check behind a session: a wrong current password is recorded and
  // counts against this session, which ends after a few.
  await checkBehindSession(
    ctx,
    user,
    source,
    async (tx, row) => {
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) return null;
      await replacePassword(tx, row, passwordHash, ctx.now(), source, { action: 'password_changed', keep: user.token.id });
      return true;
    },
    () => new AppError('BAD_REQUEST', 'Your current password is not right.', { currentPassword: 'Your current password is not right.' }),
  );
  ctx.jobs.kick();
}
