import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { findUserByLogin, type UserRow } from './users.repository.ts';
import {
  accountLoginKey,
  clearFailures,
  clientOf,
  countFailures,
  lockAddress,
  recordFailure,
  unknownLoginKey,
} from './login-failures.repository.ts';

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
} as const;
const LOGIN_FAIL_MESSAGE = 'Invalid username or password';

/** Verifying against a real hash for unknown accounts keeps the answer time from telling them apart. */
let decoyHash: Promise<string> | undefined;

type Outcome = { kind: 'ok'; user: UserRow } | { kind: 'fail' } | { kind: 'refused'; retryAt: Date };

/** POST users/login (by email or username), from the client address `clientAddress`. */
export async function loginUser(ctx: AppContext, login: string, password: string, clientAddress: string): Promise<UserRow> {
  const address = clientOf(clientAddress);
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const now = ctx.now();
    const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs);
    await lockAddress(tx, address);
    const user = await findUserByLogin(tx, login);
    const loginKey = user ? accountLoginKey(user.id) : unknownLoginKey(login);

    const { byName, byAddress } = await countFailures(tx, loginKey, address, since);
    const limited =
      byName.count >= SIGN_IN_LIMITS.failuresPerName
        ? byName
        : byAddress.count >= SIGN_IN_LIMITS.failuresPerAddress
          ? byAddress
          : undefined;
    if (limited) return { kind: 'refused', retryAt: new Date((limited.oldest ?? now).getTime() + SIGN_IN_LIMITS.windowMs) };

    decoyHash ??= hashPassword('decoy-password-for-timing');
    const valid = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await decoyHash, password), false);
    if (!valid || !user) {
      await recordFailure(tx, loginKey, address, now, since);
      return { kind: 'fail' };
    }
    if (byName.count > 0) await clearFailures(tx, loginKey, address);
    return { kind: 'ok', user };
  });

  if (outcome.kind === 'ok') return outcome.user;
  if (outcome.kind === 'refused') {
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
