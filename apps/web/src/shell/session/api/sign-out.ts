import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/**
 * POST users/logout: the server stops accepting this token at once, so a copy of it (a shared
 * computer, an old tab) cannot be used after Logout. Failing quietly: the browser has forgotten the
 * session either way, and a token the server no longer knows answers 401, which is the same result.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await call(accountsApi.logout, undefined, { token });
  } catch {
    // Offline or the server down: the token then runs out on its own (7 days at most).
  }
}
