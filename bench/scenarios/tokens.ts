import { call, expectOk } from '../lib/http.ts';
import { measurePair, type LoadResult } from '../lib/load.ts';
import type { BenchCustomer } from './customers.ts';

type Log = (line: string) => void;

/** A token-authenticated call may cost at most this much more than the same call with a session. */
export const TOKEN_PCT_OF_SESSION = 90;

export interface TokenListResult {
  session: LoadResult;
  token: LoadResult;
  /** The token's rate as a percentage of the session's. */
  pct: number;
}

/**
 * GET /api/websites for one customer, with their session and with a personal access token of
 * theirs, alternated (docs/decisions/0037-personal-access-tokens.md): the token's check is one
 * indexed row by the token's hash plus its per-token counter, the session's one row by its id.
 * The server runs with a per-token limit above what the run makes (ACCESS_TOKEN_CALLS_PER_MINUTE).
 */
export async function measureTokenList(base: string, customer: BenchCustomer, log: Log): Promise<TokenListResult> {
  const created = await expectOk<{ token: string }>(
    call(base, 'POST', '/api/account/tokens', {
      token: customer.token,
      json: { name: 'bench', scope: 'read', expiresInDays: 7, password: 'bench-password-1' },
    }),
    'create an access token',
  );
  const url = `${base}/api/websites`;
  const { limit: session, product: token } = await measurePair(
    { url, headers: { authorization: `Bearer ${customer.token}` }, title: 'GET /api/websites with a session' },
    { url, headers: { authorization: `Bearer ${created.token}` }, title: 'GET /api/websites with a personal access token' },
    log,
  );
  return { session, token, pct: (100 * token.rps) / session.rps };
}
