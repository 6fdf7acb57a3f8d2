import { createContext, useContext } from 'react';
import type { User } from '@traffic/shared/schemas/accounts.schema';

/**
 * docs/product.md section 4: loading, then authenticated, or failed (stored data cleared, page reloaded).
 * `anonymous` is a visitor: nothing was stored to load.
 */
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated' | 'failed';

export interface Session {
  status: SessionStatus;
  /** The signed-in user while `authenticated`, else null. */
  user: User | null;
  /** Keeps a session the server just opened (login, registration). */
  signIn: (token: string, user: User) => void;
  /** Replaces the user after a call answered a fresh copy. */
  replaceUser: (user: User) => void;
  /** Forgets the session (storage and cached server data); navigation is the caller's. */
  signOut: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}

/** For screens the guards only show to signed-in users. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('This screen is only rendered for a signed-in user');
  return user;
}

/** docs/product.md: a user whose address was never saved must complete the update-details form. */
export function hasMissingDetails(user: Pick<User, 'address'>): boolean {
  return !user.address.trim();
}

/** docs/product.md section 6: any role other than ROLE_USER sees the admin side. */
export function isAdminView(user: Pick<User, 'role'>): boolean {
  return user.role !== 'ROLE_USER';
}

/**
 * Whether the user is held at the details form (the popup, and /update after signing in): a
 * customer without an address. Administrators buy nothing and are never held
 * (docs/decisions/0019-admin-details-exempt.md).
 */
export function mustUpdateDetails(user: Pick<User, 'address' | 'role'>): boolean {
  return !isAdminView(user) && hasMissingDetails(user);
}
