import { AppError } from './app-error.ts';

/** How long a session lasts without signing in again (its token's lifetime). */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** The signed-in caller, as the session check read it on this request. */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: string;
  status: string;
  /** Whether the account has two-factor sign-in on. */
  twoFactor: boolean;
  /**
   * An admin who must turn two-factor sign-in on first: until then their role here is ROLE_USER
   * (a customer's powers on the routes every account uses) and admin routes refuse them.
   */
  twoFactorRequired: boolean;
  /** An administrator whose account is not ACTIVE: their role here reads ROLE_USER and admin routes refuse them. */
  withdrawnAdmin?: boolean;
  /** The session this call came with (its id is the token's `jti`) and when its token expires. */
  token: { id: string; expiresAt: Date };
  /** Set when the call came with a personal access token instead of a session (http/token-auth.ts). */
  accessToken?: { id: string; scope: 'read' | 'write' };
}

// Set by the session check (http/auth.ts) on every request; declared here beside the type so any
// file that reads it (e.g. modules/audit/audit-source.ts) compiles without importing http/.
declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** An admin who must turn two-factor sign-in on before using admin powers (their role reads ROLE_USER meanwhile). */
export function mustEnrolFirst(user: AuthUser): boolean {
  return user.twoFactorRequired && !user.twoFactor;
}

/** What an admin who must enrol first gets where admin powers are needed. */
export const enrolFirstError = () =>
  new AppError('TWO_FACTOR_REQUIRED', 'Turn on two-factor sign-in on Account security before using the admin screens.');

/**
 * An administrator whose account is not ACTIVE has no admin powers anywhere and cannot sign in
 * (docs/decisions/0024-accountable-admins.md); their sessions end when they are deactivated.
 */
export function isWithdrawnAdmin(account: { role: string; status: string }): boolean {
  return account.role === 'ROLE_ADMIN' && account.status !== 'ACTIVE';
}

export const withdrawnAdminError = () =>
  new AppError('FORBIDDEN', 'This administrator account is deactivated. Another administrator can activate it again.');

export function isAdmin(user: AuthUser): boolean {
  return user.role === 'ROLE_ADMIN';
}

/** A route that names a user by email serves that user or an admin; anyone else learns nothing. */
export function assertSelfOrAdmin(user: AuthUser, email: string): void {
  if (isAdmin(user) || user.email.toLowerCase() === email.trim().toLowerCase()) return;
  if (mustEnrolFirst(user)) throw enrolFirstError();
  throw new AppError('FORBIDDEN', 'You may not access this account.');
}
