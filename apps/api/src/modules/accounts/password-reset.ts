import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MSG } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { queueEmail } from '../mail/index.ts';
import { findUserByEmail, lockUser } from './users.repository.ts';
import { replacePassword } from './sessions.ts';
import type { AuditSource } from '../audit/index.ts';
import {
  accountLoginKey,
  clearFailures,
  countKeyFailures,
  lockAddress,
  recordFailure,
  RESET_REQUESTS,
  resetRequestKey,
} from './login-failures.repository.ts';
import { countCodesSince, findLatestCode, insertCode, oldestCodeSince, updateCode, voidOpenCodes } from './password-reset.repository.ts';

/**
 * Password reset: a 6-digit code, valid 10 minutes, voided by 5 wrong tries, at most 3 per 15
 * minutes. Verifying it hands out a single-use reset token valid 10 minutes: setting the password
 * needs that token, so nobody but the browser that verified the code can finish the reset.
 */
export const RESET = {
  codeTtlMs: 10 * 60 * 1000,
  maxTries: 5,
  maxCodes: 3,
  codesWindowMs: 15 * 60 * 1000,
  verifiedTtlMs: 10 * 60 * 1000,
} as const;

/** Codes are stored as an HMAC keyed by the server secret: a database leak does not reveal them. */
function hashCode(ctx: AppContext, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(code).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The answer to a fourth request within the window, the same for any address. */
function tooManyCodes(oldest: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((oldest.getTime() + RESET.codesWindowMs - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', `Too many codes requested. Try again in ${Math.ceil(seconds / 60)} minutes.`, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * PUT users/otp/{email}: queues a mail with a new code (the caller then kicks the job runner). An
 * address without an account is answered exactly alike (docs/product.md section 3): the same 200,
 * and the same 429 after three requests in 15 minutes (counted under the address in
 * `login_failures`), so neither answer tells whether it is registered; its code step then gets
 * 'OTP Invalid' for any code.
 */
export async function requestResetCode(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return requestForNobody(ctx, email);

  await ctx.db.transaction(async (tx) => {
    // Serialise requests for one account so the per-window limit holds under concurrency.
    await lockUser(tx, user.id);
    const now = ctx.now();
    const since = new Date(now.getTime() - RESET.codesWindowMs);
    const { count } = await countCodesSince(tx, user.id, since);
    if (count >= RESET.maxCodes) throw tooManyCodes((await oldestCodeSince(tx, user.id, since)) ?? now, now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await voidOpenCodes(tx, user.id, now);
    await insertCode(tx, {
      userId: user.id,
      codeHash: hashCode(ctx, code),
      expiresAt: new Date(now.getTime() + RESET.codeTtlMs),
      createdAt: now,
    });
    await queueEmail(tx, {
      to: user.email,
      subject: 'Your password reset code',
      text: `Hello ${user.username},\n\nYour password reset code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask to reset your password, you can ignore this mail.`,
    });
  });
  ctx.jobs.kick();
}

/** Requests for an address without an account: counted like a registered one's codes, nothing sent. */
async function requestForNobody(ctx: AppContext, email: string): Promise<void> {
  const key = resetRequestKey(email);
  await ctx.db.transaction(async (tx) => {
    await lockAddress(tx, key);
    const now = ctx.now();
    const since = new Date(now.getTime() - RESET.codesWindowMs);
    const { count, oldest } = await countKeyFailures(tx, key, since);
    if (count >= RESET.maxCodes) throw tooManyCodes(oldest ?? now, now);
    await recordFailure(tx, key, RESET_REQUESTS, now, since);
  });
}

/** The token is random and long, so a plain SHA-256 suffices to store it. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST users/otp: checks the newest code, once; five wrong tries void it. Answers the reset token. */
export async function verifyResetCode(ctx: AppContext, email: string, otp: string): Promise<string> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw new AppError('BAD_REQUEST', MSG.otpVerifyFailed);
  const token = randomBytes(32).toString('base64url');
  const ok = await ctx.db.transaction(async (tx) => {
    const code = await findLatestCode(tx, user.id, true);
    const now = ctx.now();
    if (!code || code.verifiedAt || code.expiresAt <= now || code.attempts >= RESET.maxTries) return false;
    if (!sameHash(code.codeHash, hashCode(ctx, otp.trim()))) {
      await updateCode(tx, code.id, { attempts: code.attempts + 1 });
      return false;
    }
    await updateCode(tx, code.id, { verifiedAt: now, tokenHash: hashToken(token) });
    return true;
  });
  if (!ok) throw new AppError('BAD_REQUEST', MSG.otpVerifyFailed);
  return token;
}

/** POST users/password: needs the token of a verified code, once, within 10 minutes; ends every session. */
export async function resetPassword(ctx: AppContext, email: string, token: string, password: string, source: AuditSource): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  const refusal = new AppError('FORBIDDEN', 'Verify the code sent to your email first.');
  if (!user) throw refusal;
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const code = await findLatestCode(tx, user.id, true);
    const now = ctx.now();
    if (!code?.verifiedAt || !code.tokenHash || now.getTime() - code.verifiedAt.getTime() > RESET.verifiedTtlMs) throw refusal;
    if (!sameHash(code.tokenHash, hashToken(token))) throw refusal;
    await updateCode(tx, code.id, { usedAt: now });
    await replacePassword(tx, user, passwordHash, now, source, { action: 'password_reset' });
    // The owner has proved who they are: failures counted against the account end, from every address.
    await clearFailures(tx, accountLoginKey(user.id));
  });
  ctx.jobs.kick();
}
