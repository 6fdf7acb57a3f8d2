import { AppError } from './app-error.ts';

/** The signed-in caller, as the session check read it on this request. */
export interface AuthUser {
  id: number;
  email: string;
  username: string;
  role: string;
  status: string;
  /** On routes with `config.userViewStamp`: the stamp of the caller's user object (user-view.repository.ts). */
  viewStamp?: string;
  /** The token this call came with: its id (absent from tokens issued before sign-out existed) and end. */
  token: { id: string | undefined; expiresAt: Date };
}

export function isAdmin(user: AuthUser): boolean {
  return user.role === 'ROLE_ADMIN';
}

/** A route that names a user by email serves that user or an admin; anyone else learns nothing. */
export function assertSelfOrAdmin(user: AuthUser, email: string): void {
  if (isAdmin(user) || user.email.toLowerCase() === email.trim().toLowerCase()) return;
  throw new AppError('FORBIDDEN', 'You may not access this account.');
}
