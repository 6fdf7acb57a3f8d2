import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { eq, sql } from 'drizzle-orm';
import { preparedPerDatabase, schema } from '@traffic/db';
import { AppError } from '../core/app-error.ts';
import type { AuthUser } from '../core/auth-user.ts';
import { userViewStamp } from '../modules/accounts/user-view.repository.ts';

const { users, revokedTokens } = schema;

interface TokenClaims {
  sub: string;
  /** The account's session version when the token was issued; a reset bumps it and ends the session. */
  sv: number;
  /** The token's own id: sign-out records it in revoked_tokens, which ends this session only. */
  jti?: string;
  /** Set by the signer (seconds since the epoch). */
  exp?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
  }
}

const TOKEN_TTL = '7d';

/**
 * Authentication on the server, for every route: the route's `config.auth` says who may call it.
 * The token names the account and its session version; role and status are read fresh from the
 * database on each call, so a deactivation or a password reset takes effect at once.
 */
export async function registerAuth(app: FastifyInstance, secret: string): Promise<void> {
  // verify.cache: a token seen before skips its signature check (fast-jwt keeps it until it expires);
  // the session version and the account are still read from the database on every call.
  await app.register(fastifyJwt, { secret, sign: { expiresIn: TOKEN_TTL }, verify: { cache: 1000 } });
  app.decorateRequest('auth', null);

  // onRequest: callers are identified before their body is even parsed, so a visitor or a customer
  // learns nothing from an admin route's validation messages.
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.auth;
    if (!rule || rule === 'public') return;
    const user = await authenticate(app, request);
    if (rule === 'admin' && user.role !== 'ROLE_ADMIN') {
      throw new AppError('FORBIDDEN', 'This action needs an administrator.');
    }
  });
}

export function signToken(app: FastifyInstance, user: { id: number; sessionVersion: number }): string {
  return app.jwt.sign({ sub: String(user.id), sv: user.sessionVersion, jti: randomUUID() });
}

/** Stands for "no token id" in the revocation lookup (older tokens): no revoked token has it. */
const NO_TOKEN_ID = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether sign-out ended this token: read in the same query as the account, so the check stays one round trip. */
const revoked = sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${sql.placeholder('tokenId')})`;
const sessionFields = {
  id: users.id,
  email: users.email,
  username: users.username,
  role: users.role,
  status: users.status,
  sessionVersion: users.sessionVersion,
  revoked,
};
/** Run on every signed-in call, so prepared. */
const sessionUserQuery = preparedPerDatabase((db) =>
  db
    .select(sessionFields)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user'),
);
/** The same session check that also stamps the caller's user object, for the route that serves it from cache. */
const sessionUserWithViewStampQuery = preparedPerDatabase((db) =>
  db
    .select({ ...sessionFields, viewStamp: userViewStamp })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user_view_stamp'),
);

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
  let claims: TokenClaims;
  try {
    claims = await request.jwtVerify<TokenClaims>();
  } catch {
    throw new AppError('UNAUTHORIZED', 'Your session has expired. Please log in again.');
  }
  const id = Number(claims.sub);
  const tokenId = claims.jti;
  const query = request.routeOptions.config.userViewStamp === true ? sessionUserWithViewStampQuery : sessionUserQuery;
  const wellFormed = Number.isSafeInteger(id) && (tokenId === undefined || UUID.test(tokenId));
  const [row] = wellFormed ? await query(app.ctx.db).execute({ id, tokenId: tokenId ?? NO_TOKEN_ID }) : [];
  if (!row || row.sessionVersion !== claims.sv || row.revoked)
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
  const token = { id: tokenId, expiresAt: new Date((claims.exp ?? 0) * 1000) };
  const user: AuthUser = { id: row.id, email: row.email, username: row.username, role: row.role, status: row.status, token };
  if ('viewStamp' in row) user.viewStamp = row.viewStamp as string;
  request.auth = user;
  return user;
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
