import { createHash } from 'node:crypto';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { isWithdrawnAdmin, withdrawnAdminError } from '../../core/auth-user.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { audit, userTarget, type AuditSource, type AuditTarget } from '../audit/index.ts';
import { findUserByLogin, findUserForUpdate, type UserRow } from './users.repository.ts';
import { startSession } from './start-session.ts';
import { sessionExists } from './sessions.repository.ts';
import { checkSecondFactor } from './two-factor.ts';
import { lockoutError, lockoutGate, SIGN_IN_LIMITS } from './lockout.ts';
import { accountLoginKey, clientOf, lockAddress, unknownLoginKey } from './login-failures.repository.ts';

const LOGIN_FAIL_MESSAGE = 'Invalid username or password';

/** Verifying against a real hash for unknown accounts keeps the answer time from telling them apart. */
let decoyHash: Promise<string> | undefined;

/** What a sign-in step ends in: a session, or (after the password of an account with 2FA) a challenge. */
export type SignInResult = { kind: 'session'; user: UserRow; sessionId: string } | { kind: 'challenge'; user: UserRow };

type Outcome = { kind: 'done'; result: SignInResult } | { kind: 'fail' } | { kind: 'refused'; retryAt: Date };

/**
 * One sign-in step under the lockout rules, in one transaction: the password step and the code step
 * both count their failures against the account and the address, and both are refused once either
 * limit is reached. Each failure, the failure that locks, and each success are audited with it.
 */
async function signInStep(
  ctx: AppContext,
  source: AuditSource,
  find: (tx: Executor) => Promise<UserRow | undefined>,
  loginName: string,
  step: 'password' | 'code',
  check: (tx: Executor, user: UserRow | undefined) => Promise<SignInResult | null>,
  failMessage: AppError,
): Promise<SignInResult> {
  const address = clientOf(source.ip);
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const now = ctx.now();
    await lockAddress(tx, address);
    const user = await find(tx);
    const loginKey = user ? accountLoginKey(user.id) : unknownLoginKey(loginName);
    const gate = await lockoutGate(tx, now, loginKey, address, step === 'code' && user ? user.id : undefined);
    if (gate.refusedUntil) return { kind: 'refused', retryAt: gate.refusedUntil };

    const result = await check(tx, user);
    if (!result || !user) {
      const target = user ? userTarget(user) : unknownLoginTarget(loginName);
      const subject = user ? { subjectUserId: user.id } : {};
      await audit(tx, source, now, { action: 'sign_in_failed', target, ...subject, after: { step } });
      if (await gate.fail()) {
        await audit(tx, source, now, {
          action: 'sign_in_locked',
          target,
          ...subject,
          after: { step, minutes: SIGN_IN_LIMITS.windowMs / 60_000 },
        });
      }
      return { kind: 'fail' };
    }
    // Only a session proves the owner: a right password that leads to a code step clears nothing.
    if (result.kind === 'session') await gate.succeed();
    return { kind: 'done', result };
  });

  if (outcome.kind === 'done') {
    if (outcome.result.kind === 'session') ctx.jobs.kick();
    return outcome.result;
  }
  if (outcome.kind === 'refused') throw lockoutError(ctx, outcome.retryAt);
  throw failMessage;
}

/**
 * POST users/login (by email or username): the password step. An account with two-factor sign-in
 * answers a challenge instead of a session; the code step (`finishTwoFactorSignIn`) completes it.
 */
export async function loginUser(ctx: AppContext, login: string, password: string, source: AuditSource): Promise<SignInResult> {
  return signInStep(
    ctx,
    source,
    // Locked: a password change or reset waits for this sign-in, or this sign-in sees the new
    // password; a session opened with the old one never outlives the change.
    (tx) => findUserByLogin(tx, login, true),
    login,
    'password',
    async (tx, user) => {
      decoyHash ??= hashPassword('decoy-password-for-timing');
      const valid = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await decoyHash, password), false);
      if (!valid || !user) return null;
      // A deactivated administrator is told so, but only once the password proved who asks.
      if (isWithdrawnAdmin(user)) throw withdrawnAdminError();
      if (user.totpEnabledAt) return { kind: 'challenge', user };
      return { kind: 'session', user, sessionId: await startSession(ctx, tx, user, source, 'password') };
    },
    new AppError('LOGIN_FAIL', LOGIN_FAIL_MESSAGE),
  );
}

/**
 * POST users/login/two-factor: the code step of a sign-in whose password step passed (the challenge
 * names the account and the password and secret it was issued under: changing either voids it).
 */
export async function finishTwoFactorSignIn(
  ctx: AppContext,
  challenge: { id: string; userId: number; stamp: string },
  code: string,
  source: AuditSource,
): Promise<SignInResult> {
  const stale = new AppError('UNAUTHORIZED', 'Your sign-in has expired. Please sign in again.');
  return signInStep(
    ctx,
    source,
    (tx) => findUserForUpdate(tx, challenge.userId),
    `#${challenge.userId}`,
    'code',
    async (tx, user) => {
      if (!user?.totpEnabledAt || challengeStamp(user) !== challenge.stamp) throw stale;
      // A challenge opens one session, whose id it carries: used once, it is spent.
      if (await sessionExists(tx, challenge.id)) throw stale;
      // Deactivated between the two steps: no session.
      if (isWithdrawnAdmin(user)) throw withdrawnAdminError();
      const how = await checkSecondFactor(ctx, tx, user, code);
      if (!how) return null;
      if (how === 'recovery code') {
        await audit(tx, source, ctx.now(), { action: 'recovery_code_used', target: userTarget(user), subjectUserId: user.id });
      }
      return { kind: 'session', user, sessionId: await startSession(ctx, tx, user, source, how, challenge.id) };
    },
    new AppError('BAD_REQUEST', 'That code did not work. Enter the newest code from your authenticator app, or a recovery code.'),
  );
}

const EMAIL_SHAPED = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,60}$/;

/**
 * What a failed sign-in of a name with no account records. The append-only log must not keep a
 * password typed into the name box: an e-mail-shaped name is kept (who is being tried), anything
 * else only as a fingerprint that groups repeated tries of the same text.
 */
export function unknownLoginTarget(loginName: string): AuditTarget {
  const name = loginName.trim().toLowerCase();
  if (EMAIL_SHAPED.test(name)) return { type: 'login', id: name };
  return { type: 'login', id: `name#${createHash('sha256').update(name).digest('hex').slice(0, 12)}` };
}

/** Ties a challenge to the password and secret it was issued under. */
export function challengeStamp(user: UserRow): string {
  return createHash('sha256')
    .update(`${user.passwordHash}|${user.totpSecret ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}
