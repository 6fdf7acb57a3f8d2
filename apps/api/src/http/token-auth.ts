import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_PREFIX, TOKEN_SCOPE_LABELS } from '@traffic/shared';
import { AppError } from '../core/app-error.ts';
import type { AuthUser } from '../core/auth-user.ts';
import { findAccessTokenByHash, touchAccessToken, type AccessTokenCheck } from '../modules/tokens/access-tokens.repository.ts';
import { hashAccessToken, isWellFormedAccessToken } from '../modules/tokens/token-secret.ts';

/**
 * Personal access tokens on the API (docs/decisions/0037-personal-access-tokens.md). A bearer that
 * starts with the token prefix comes here from the session check (auth.ts); everything else stays a
 * session. Each call reads the token's row by its hash (one indexed row, with the account), so a
 * revoked token, an expired one or a deactivated account stops at the next call on every server.
 * The route's entry says which tokens may call it (`token` in packages/shared/src/contract), and
 * each token has its own calls-per-minute limit, reported in RateLimit-* headers.
 */

/** A token's last-used date and address are written at most this often. */
const TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The token call's standing against its limit, sent back as RateLimit-* headers. */
    tokenRateLimit: { limit: number; remaining: number; resetS: number } | null;
  }
}

const BEARER_PREFIX = `Bearer ${ACCESS_TOKEN_PREFIX}`;

/** Whether the Authorization header carries a personal access token rather than a session token. */
export function isAccessTokenHeader(header: string): boolean {
  return header.startsWith(BEARER_PREFIX);
}

/**
 * The RateLimit-* headers of a token call (what a script paces itself by), on its answer whatever it
 * is: the caller check sends them for a call it lets through, the error handler for a refused one.
 */
export function sendTokenRateLimit(request: FastifyRequest, reply: FastifyReply): void {
  const limit = request.tokenRateLimit;
  if (limit)
    void reply.headers({
      'ratelimit-limit': String(limit.limit),
      'ratelimit-remaining': String(limit.remaining),
      'ratelimit-reset': String(limit.resetS),
    });
}

const invalid = () => new AppError('UNAUTHORIZED', 'This access token is not valid. Create one on Account security.');

/**
 * The token's row and account, from the account cache (decision 0043: held a second at most, forgotten
 * when the database announces a change to the account, a revocation included) or the database.
 */
async function checkRow(app: FastifyInstance, hash: string): Promise<AccessTokenCheck | undefined> {
  const held = app.accountCache.token(hash);
  if (held) return held.row;
  const ticket = app.accountCache.beginRead(app.accountCache.tokenOwner(hash));
  const row = await findAccessTokenByHash(app.ctx.db, hash);
  if (row) app.accountCache.storeToken(row.userId, hash, row, ticket);
  return row;
}

/** The caller of a token call, or an error a script can act on (401 revoked or expired, 403 scope, 429). */
export async function authenticateAccessToken(app: FastifyInstance, request: FastifyRequest, header: string): Promise<AuthUser> {
  const token = header.slice('Bearer '.length).trim();
  if (!isWellFormedAccessToken(token)) throw invalid();
  const row = await checkRow(app, hashAccessToken(token));
  if (!row) throw invalid();
  if (row.revokedAt) throw new AppError('TOKEN_REVOKED', 'This access token was revoked. Create a new one on Account security.');
  const now = app.ctx.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    throw new AppError(
      'TOKEN_EXPIRED',
      `This access token expired on ${row.expiresAt.toISOString()}. Create a new one on Account security.`,
    );
  // A deactivated account's tokens stop; an administrator's account never holds a working one.
  // (A closed account's tokens are deleted with it; its status refuses any that a race left behind.)
  if (row.status === 'DEACTIVATED' || row.status === 'CLOSED') {
    throw new AppError(
      'FORBIDDEN',
      `This account is ${row.status === 'CLOSED' ? 'closed' : 'deactivated'}: its access tokens do not work.`,
    );
  }
  if (row.role !== 'ROLE_USER') throw new AppError('FORBIDDEN', 'Access tokens are for customer accounts.');

  const user: AuthUser = {
    id: row.userId,
    email: row.email,
    username: row.username,
    role: 'ROLE_USER',
    status: row.status,
    twoFactor: row.twoFactor,
    twoFactorRequired: false,
    token: { id: row.id, expiresAt: row.expiresAt ?? new Date(8.64e15) },
    accessToken: { id: row.id, scope: row.scope === 'write' ? 'write' : 'read' },
  };
  request.auth = user;

  // Every call of a known token counts against its limit (a refused call changes nothing: its window is full).
  const verdict = await app.tokenCallLimiter.check(row.id);
  if (verdict) {
    const { limit, remaining, resetS } = verdict;
    request.tokenRateLimit = { limit, remaining, resetS };
    if (!verdict.allowed)
      throw new AppError(
        'RATE_LIMITED',
        `This access token made more than ${limit} calls in a minute. Try again in ${resetS} seconds.`,
        undefined,
        {
          'retry-after': String(resetS),
        },
      );
  }

  const needed = request.routeOptions.config.token;
  if (!needed)
    throw new AppError(
      'TOKEN_SCOPE',
      'Access tokens cannot call this endpoint: it is not part of the Customer API. Sign in to the app for it.',
    );
  if (needed === 'write' && user.accessToken!.scope !== 'write')
    throw new AppError(
      'TOKEN_SCOPE',
      `This access token has the ${TOKEN_SCOPE_LABELS.read.toLowerCase()} scope: this call needs a token with the ${TOKEN_SCOPE_LABELS.write.toLowerCase()} scope.`,
    );

  if (!row.lastUsedAt || Math.abs(now.getTime() - row.lastUsedAt.getTime()) > TOUCH_EVERY_MS) {
    // Not awaited: the answer never waits for this write (as with a session's last-seen stamp); the
    // copy in the account cache moves on at once, or every call until it commits would write again.
    row.lastUsedAt = now;
    touchAccessToken(app.ctx.db, row.id, now, request.ip).catch((error: unknown) =>
      request.log.warn({ err: error }, 'access token last-used stamp failed'),
    );
  }
  return user;
}
