import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { clearFailures, countFailures, countKeyFailures, recordFailure, twoFactorKey } from './login-failures.repository.ts';

/**
 * Sign-in limits. Failures count per login name *and* client address, so a stranger guessing from
 * elsewhere cannot lock the owner out; one address failing across many names is throttled as a
 * whole (credential stuffing). A name with no account is counted and answered exactly like one
 * with an account, so a refusal never tells that an account exists.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerName: 5,
  failuresPerAddress: 20,
  /** Wrong two-factor codes per account from all addresses together, at the code step of sign-in (only someone with the password reaches it). */
  codeFailuresPerAccount: 10,
} as const;

/**
 * The lockout rules at one attempt, inside its transaction (the caller holds the address lock):
 * when the attempt is refused, and how to count its failure or success. With `codeOf` (a code of
 * that account is checked), wrong codes from every address count toward the account-wide cap too.
 */
export async function lockoutGate(tx: Executor, now: Date, loginKey: string, address: string, codeOf?: number) {
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
  const { byName, byAddress } = await countFailures(tx, loginKey, address, since);
  const byAccount = codeOf === undefined ? undefined : await countKeyFailures(tx, twoFactorKey(codeOf), since);
  const limited =
    byName.count >= SIGN_IN_LIMITS.failuresPerName
      ? byName
      : byAddress.count >= SIGN_IN_LIMITS.failuresPerAddress
        ? byAddress
        : byAccount && byAccount.count >= SIGN_IN_LIMITS.codeFailuresPerAccount
          ? byAccount
          : undefined;
  return {
    refusedUntil: limited ? new Date((limited.oldest ?? now).getTime() + SIGN_IN_LIMITS.windowMs) : null,
    /** Records the failure; answers whether it is the one that locks. */
    async fail(): Promise<boolean> {
      await recordFailure(tx, loginKey, address, now, since);
      if (codeOf !== undefined) await recordFailure(tx, twoFactorKey(codeOf), address, now, since);
      return (
        byName.count + 1 === SIGN_IN_LIMITS.failuresPerName ||
        byAddress.count + 1 === SIGN_IN_LIMITS.failuresPerAddress ||
        (byAccount !== undefined && byAccount.count + 1 === SIGN_IN_LIMITS.codeFailuresPerAccount)
      );
    },
    async succeed(): Promise<void> {
      if (byName.count > 0) await clearFailures(tx, loginKey, address);
    },
  };
}

export function lockoutError(ctx: AppContext, retryAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - ctx.now().getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${retryAt.toISOString()}).`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}
