import type { AppContext } from '../../core/context.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { bumpSessionVersion, forgetExpiredRevocations, revokeToken } from './sessions.repository.ts';

/**
 * POST users/logout: ends the session of the token the call came with (decision 0015). Only this
 * token: signing out on one device leaves the account's other devices signed in, as people expect.
 * A token from before token ids existed cannot be named, so for it every session of the account
 * ends, as a password reset does: better too much than a token that outlives its sign-out.
 */
export async function signOut(ctx: AppContext, user: AuthUser): Promise<void> {
  const { id: tokenId, expiresAt } = user.token;
  if (!tokenId) {
    await bumpSessionVersion(ctx.db, user.id);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await revokeToken(tx, { tokenId, userId: user.id, expiresAt });
    // Housekeeping here rather than in a job: sign-outs are rare, and the index makes it a short scan.
    await forgetExpiredRevocations(tx, ctx.now());
  });
}
