import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { seal, unseal } from '../../lib/secret-box.ts';
import { verifyPassword } from '../../lib/password.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { queueEmail } from '../mail/index.ts';
import { findUserByEmail, findUserForUpdate, type UserRow } from './users.repository.ts';
import { removeTwoFactor, replaceRecoveryCodes, setTwoFactor, useRecoveryCode } from './two-factor.repository.ts';
import { checkBehindSession } from './session-checks.ts';
import { checkTotp, enrolment, hashRecoveryCode, isRecoveryCode, newRecoveryCodes, newTotpSecret } from './totp.ts';

/**
 * Two-factor sign-in (docs/decisions/0023-account-security.md): enrolment on Account security with a
 * QR code and a manual key, confirmed by a code; ten one-time recovery codes, kept hashed; turning
 * it off needs the password and a code. Every change is audited in its own transaction.
 */
const WRONG_ANSWER = 'Your password or the code is not right.';

const wrongAnswer = () => new AppError('BAD_REQUEST', WRONG_ANSWER);

async function lockedUser(tx: Executor, id: number): Promise<UserRow> {
  const user = await findUserForUpdate(tx, id);
  if (!user) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
  return user;
}

/** POST account/two-factor/setup: a new pending secret; two-factor sign-in is on only once a code confirms it. */
export async function setupTwoFactor(ctx: AppContext, caller: AuthUser) {
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    const user = await lockedUser(tx, caller.id);
    if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
    await setTwoFactor(tx, user.id, { totpPendingSecret: seal(ctx.config.jwtSecret, secret) });
  });
  return { secret, ...(await enrolment(secret, ctx.config.business.name, caller.email)) };
}

/** Ten new codes, stored hashed in `tx`; answers them in the clear, to be shown once. */
async function issueRecoveryCodes(tx: Executor, userId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode), now);
  return codes;
}

/**
 * POST account/two-factor/enable: the password and the pending secret's code turn it on; answers the
 * recovery codes. The password is asked because a stolen session alone must not be able to put a
 * second factor of the thief's on the account and lock its owner out.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  caller: AuthUser,
  input: { password: string; code: string },
  source: AuditSource,
): Promise<string[]> {
  const codes = await checkBehindSession(
    ctx,
    caller,
    source,
    async (tx, user) => {
      if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
      const secret = user.totpPendingSecret ? unseal(ctx.config.jwtSecret, user.totpPendingSecret) : null;
      if (!secret) throw new AppError('CONFLICT', 'Start again: choose "Turn on two-factor sign-in" for a new QR code.');
      const now = ctx.now();
      const passwordOk = await verifyPassword(user.passwordHash, input.password);
      const step = passwordOk ? await checkTotp(secret, input.code, now, null) : null;
      if (step === null) return null;
      await setTwoFactor(tx, user.id, {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      });
      const fresh = await issueRecoveryCodes(tx, user.id, now);
      await audit(tx, source, now, { action: 'two_factor_on', target: userTarget(user), subjectUserId: user.id });
      await queueEmail(tx, {
        to: user.email,
        subject: 'Two-factor sign-in was turned on',
        text: `Hello ${user.username},\n\nTwo-factor sign-in was turned on for your account at ${now.toUTCString()} (${source.device}, address ${source.ip}). Signing in now needs a code from your authenticator app or one of your recovery codes.\n\nIf this was not you, reset your password now and contact support.`,
      });
      return fresh;
    },
    wrongAnswer,
  );
  ctx.jobs.kick();
  return codes;
}

/**
 * Checks a second factor for `user` (whose row the caller has locked): the app's code, once per
 * 30-second step, or an unused recovery code, which is then used up. Answers how, or null.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  tx: Executor,
  user: UserRow,
  code: string,
): Promise<'code' | 'recovery code' | null> {
  const now = ctx.now();
  if (isRecoveryCode(code)) return (await useRecoveryCode(tx, user.id, hashRecoveryCode(code), now)) ? 'recovery code' : null;
  const secret = user.totpSecret ? unseal(ctx.config.jwtSecret, user.totpSecret) : null;
  if (!secret) return null;
  const step = await checkTotp(secret, code, now, user.totpLastStep);
  if (step === null) return null;
  await setTwoFactor(tx, user.id, { totpLastStep: step });
  return 'code';
}

/** POST account/two-factor/disable: the password and a code from the app turn it off; the owner is told by e-mail. */
export async function disableTwoFactor(
  ctx: AppContext,
  caller: AuthUser,
  input: { password: string; code: string },
  source: AuditSource,
): Promise<void> {
  await checkBehindSession(
    ctx,
    caller,
    source,
    async (tx, user) => {
      if (!user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already off.');
      const passwordOk = await verifyPassword(user.passwordHash, input.password);
      const how = passwordOk ? await checkSecondFactor(ctx, tx, user, input.code) : null;
      if (how !== 'code') return null;
      const now = ctx.now();
      await removeTwoFactor(tx, user.id);
      await audit(tx, source, now, { action: 'two_factor_off', target: userTarget(user), subjectUserId: user.id });
      await queueEmail(tx, {
        to: user.email,
        subject: 'Two-factor sign-in was turned off',
        text: `Hello ${user.username},\n\nTwo-factor sign-in was turned off for your account at ${now.toUTCString()} (${source.device}, address ${source.ip}).\n\nIf this was not you, reset your password now, sign out everywhere else on Account security and turn two-factor sign-in back on.`,
      });
      return true;
    },
    wrongAnswer,
  );
  ctx.jobs.kick();
}

/**
 * POST admin/users/{email}/two-factor/reset: an admin turns off a customer's two-factor sign-in, for
 * one who lost both the app and the recovery codes and proved who they are to support. The password
 * still guards the account; the owner is told by e-mail and sees it in their security activity. An
 * administrator's own second factor is never turned off by another: only by its owner, with a code.
 */
export async function resetUserTwoFactor(ctx: AppContext, email: string, source: AuditSource): Promise<void> {
  const found = await findUserByEmail(ctx.db, email);
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  await ctx.db.transaction(async (tx) => {
    const user = await findUserForUpdate(tx, found.id);
    if (user && user.role !== 'ROLE_USER')
      throw new AppError('FORBIDDEN', "An administrator's two-factor sign-in can only be turned off by that administrator.");
    if (!user?.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already off for this user.');
    const now = ctx.now();
    await removeTwoFactor(tx, user.id);
    await audit(tx, source, now, {
      action: 'user_two_factor_reset',
      target: userTarget(user),
      subjectUserId: user.id,
      before: { twoFactor: 'on' },
      after: { twoFactor: 'off' },
    });
    await queueEmail(tx, {
      to: user.email,
      subject: 'Two-factor sign-in was turned off',
      text: `Hello ${user.username},\n\nAn administrator turned off two-factor sign-in for your account at ${now.toUTCString()}. Your password alone signs you in now: turn two-factor sign-in back on in Account security.\n\nIf you did not ask us for this, reset your password now with "Forgot password" on the sign-in page and tell us.`,
    });
  });
  ctx.jobs.kick();
}

/** POST account/two-factor/recovery-codes: a code from the app replaces every recovery code. */
export async function replaceRecoveryCodesWithCode(
  ctx: AppContext,
  caller: AuthUser,
  code: string,
  source: AuditSource,
): Promise<string[]> {
  return checkBehindSession(
    ctx,
    caller,
    source,
    async (tx, user) => {
      if (!user.totpEnabledAt) throw new AppError('CONFLICT', 'Turn on two-factor sign-in first.');
      if ((await checkSecondFactor(ctx, tx, user, code)) !== 'code') return null;
      const now = ctx.now();
      const codes = await issueRecoveryCodes(tx, user.id, now);
      await audit(tx, source, now, { action: 'recovery_codes_new', target: userTarget(user), subjectUserId: user.id });
      return codes;
    },
    wrongAnswer,
  );
}
