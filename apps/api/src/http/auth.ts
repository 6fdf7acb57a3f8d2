import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { preparedPerDatabase, schema } from '@traffic/db';
import { AppError } from '../core/app-error.ts';
import {
  enrolFirstError,
  isWithdrawnAdmin,
  mustEnrolFirst,
  SESSION_TTL_MS,
  withdrawnAdminError,
  type AuthUser,
} from '../core/auth-user.ts';
import { touchSession } from '../modules/accounts/sessions.repository.ts';
import type { AccountCache } from '../modules/accounts/account-cache.ts';
import type { AccessTokenCheck } from '../modules/tokens/access-tokens.repository.ts';
import { authenticateAccessToken, isAccessTokenHeader, sendTokenRateLimit } from './token-auth.ts';
import type { CallerCheck } from './request-hooks.ts';

const { users, sessions } = schema;

interface TokenClaims {
  sub: string;
  /** The session's id (its row in `sessions`): signing out or ending the session stops the token at once. */
  jti: string;
  /** Set by the signer (seconds since the epoch). */
  exp?: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

/** A session's last-seen time is written at most this often (the check itself only reads). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Authentication on the server, for every route: the route's `config.auth` says who may call it.
 * The token names the account and its session row; role, status and the session are read from the
 * database, or from `accounts` for at most a second, while the database announces no change to the
 * account (decision 0043), so a deactivation or a password reset takes effect at once on the process
 * that made it and within milliseconds on the others.
 *
 * Answers the check, which the one onRequest hook (http/request-hooks.ts) runs last: callers are
 * identified before their body is even parsed, so a visitor or a customer learns nothing from an
 * admin route's validation messages. It takes a callback, so that a public route (every visitor's
 * page) pays no promise for it.
 */
export async function registerAuth(app: FastifyInstance, secret: string, accounts: AccountCache<AccessTokenCheck>): Promise<CallerCheck> {
  app.decorate('accountCache', accounts);
  // verify.cache: a token seen before skips its signature check (fast-jwt keeps it until it expires);
  // the session row and the account are still checked on every call.
  await app.register(fastifyJwt, { secret, sign: { expiresIn: SESSION_TTL_MS / 1000 }, verify: { cache: 1000 } });
  app.decorateRequest('auth', null);
  app.decorateRequest('tokenRateLimit', null);

  return (request, reply, done) => {
    const rule = request.routeOptions.config.auth;
    if (!rule || rule === 'public') return done();
    checkCaller(app, request, rule).then(
      () => {
        // A refused token call gets its RateLimit-* headers from the error handler.
        sendTokenRateLimit(request, reply);
        done();
      },
      (error: Error) => done(error),
    );
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions, access tokens and user objects this process holds (registerAuth). */
    accountCache: AccountCache<AccessTokenCheck>;
  }
}

async function checkCaller(app: FastifyInstance, request: FastifyRequest, rule: 'user' | 'admin'): Promise<void> {
  const user = await authenticate(app, request);
  if (rule !== 'admin') return;
  if (user.withdrawnAdmin) throw withdrawnAdminError();
  if (mustEnrolFirst(user)) throw enrolFirstError();
  if (user.role !== 'ROLE_ADMIN') throw new AppError('FORBIDDEN', 'This action needs an administrator.');
}

/** The bearer token of a session row (its id is the token's `jti`). */
export function signToken(app: FastifyInstance, session: { userId: number; sessionId: string }): string {
  return app.jwt.sign({ sub: String(session.userId), jti: session.sessionId });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sessionFields = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  status: users.status,
  twoFactor: sql<boolean>`${users.totpEnabledAt} is not null`,
  lastSeenAt: sessions.lastSeenAt,
};
/**
 * The account and its open session, in one query: a signed-out or ended session finds no row. The
 * token's signature and expiry are checked before (by @fastify/jwt).
 */
const sessionJoin = and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id), isNull(sessions.endedAt));
/** Run on every signed-in call, so prepared. */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select(sessionFields)
    .from(users)
    .innerJoin(sessions, sessionJoin)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user'),
);

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
  // A personal access token (its own prefix) has its own check; anything else is a session.
  if (isAccessTokenHeader(header)) return authenticateAccessToken(app, request, header);
  let claims: TokenClaims;
  try {
    claims = await request.jwtVerify<TokenClaims>();
  } catch {
    throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');
  }
  const id = Number(claims.sub);
  const sessionId = claims.jti;
  const wellFormed = Number.isSafeInteger(id) && typeof sessionId === 'string' && UUID.test(sessionId);
  const row = wellFormed ? (app.accountCache.session(id, sessionId) ?? (await readSession(app, id, sessionId))) : undefined;
  if (!row) throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
  const now = app.ctx.now();
  if (Math.abs(now.getTime() - row.lastSeenAt.getTime()) > TOUCH_EVERY_MS) {
    // Not awaited: the answer never waits for this write, so the check stays one round trip. The
    // copy in memory is moved on at once, or every call until the write commits would write again.
    row.lastSeenAt = now;
    touchSession(app.ctx.db, sessionId, now).catch((error: unknown) => request.log.warn({ err: error }, 'session last-seen stamp failed'));
  }
  const token = { id: sessionId, expiresAt: new Date((claims.exp ?? 0) * 1000) };
  const user: AuthUser = {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    status: row.status,
    twoFactor: row.twoFactor,
    twoFactorRequired: row.role === 'ROLE_ADMIN' && app.ctx.config.adminTwoFactorRequired,
    token,
  };
  // An admin who must still enrol has a customer's powers only, wherever the caller is checked
  // (their own account, enrolment included), never an admin's reach into other accounts.
  if (mustEnrolFirst(user)) user.role = 'ROLE_USER';
  // A deactivated administrator (whose sessions ended with the deactivation) has no admin powers
  // anywhere, whatever session they may still hold: the guard above refuses every admin route.
  if (isWithdrawnAdmin(row)) {
    user.role = 'ROLE_USER';
    user.withdrawnAdmin = true;
  }
  request.auth = user;
  return user;
}

/** The open session from the database, kept in the account cache unless its account changed meanwhile. */
async function readSession(app: FastifyInstance, id: number, sessionId: string) {
  const ticket = app.accountCache.beginRead(id);
  const [row] = await sessionUserQuery(app.ctx.db).execute({ id, sessionId });
  if (row) app.accountCache.storeSession(id, sessionId, row, ticket);
  return row;
}

/**
 * For a public route that serves signed-in callers more (the sandbox's mail outbox): the caller
 * when the request carries a token, checked as on any signed-in route (a bad one is a 401), else null.
 */
export async function signedInCaller(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  return request.headers.authorization === undefined ? null : authenticate(app, request);
}

/** The signed-in user of a route whose rule is 'user' or 'admin'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
  return request.auth;
}

/** How long the code step of a sign-in may take after its password step. */
const CHALLENGE_TTL_S = 5 * 60;

/**
 * The challenge a password step answers for an account with two-factor sign-in: signed, short-lived,
 * and no session token (it names no session, so the session check refuses it).
 */
export function signChallenge(app: FastifyInstance, userId: number, stamp: string): string {
  // `cid`: the id of the one session this challenge may open (login-user.ts spends it).
  return app.jwt.sign({ sub: String(userId), purpose: 'two-factor', stamp, cid: randomUUID() } as never, { expiresIn: CHALLENGE_TTL_S });
}

/** The session id, account and stamp of a challenge the server signed and that has not expired. */
export function readChallenge(app: FastifyInstance, challenge: string): { id: string; userId: number; stamp: string } {
  try {
    const claims = app.jwt.verify<{ sub?: string; purpose?: string; stamp?: string; cid?: string }>(challenge);
    const userId = Number(claims.sub);
    const id = claims.cid;
    if (claims.purpose === 'two-factor' && typeof claims.stamp === 'string' && Number.isSafeInteger(userId) && id && UUID.test(id))
      return { id, userId, stamp: claims.stamp };
  } catch {
    // Expired, altered or not ours: answered below.
  }
  throw new AppError('UNAUTHORIZED', 'Your sign-in has expired. Please sign in again.');
}
