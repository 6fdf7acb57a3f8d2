import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { currentUserQuery } from '../../features/auth/api/load-user.ts';
import { isApiError, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { storeUser } from '../../lib/session-store.ts';
import { failSession } from './fail-session.ts';

export interface LoadedUser {
  email: string;
  user: User | undefined;
  /** The stored session cannot be used: the user could not be loaded, or the token was refused. */
  failed: boolean;
}

/**
 * The stored session's user, kept by TanStack Query (mutations elsewhere invalidate or replace it),
 * reported to SessionProvider. Loaded lazily with TanStack Query, only when a session is stored.
 */
export function SessionUserSync({ email, onChange }: { email: string; onChange: (loaded: LoadedUser) => void }) {
  const userQuery = useQuery(currentUserQuery(email));
  // A later refresh that fails on the network keeps the user on screen; a refused token does not.
  const failed = userQuery.isError && (userQuery.data === undefined || isApiError(userQuery.error, 'UNAUTHORIZED'));

  useEffect(() => {
    onChange({ email, user: userQuery.data, failed });
  }, [email, userQuery.data, failed, onChange]);

  useEffect(() => {
    setUnauthorizedHandler(failSession);
    return () => setUnauthorizedHandler(null);
  }, []);

  // Keeps the stored copy current for screens that read it from storage (checkout).
  useEffect(() => {
    if (userQuery.data) storeUser(userQuery.data);
  }, [userQuery.data]);

  return null;
}
