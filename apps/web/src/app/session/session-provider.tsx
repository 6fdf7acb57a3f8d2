import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { currentUserQuery } from '../../features/auth/api/load-user.ts';
import { isApiError, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { reloadPage } from '../../lib/reload-page.ts';
import {
  clearStoredSession,
  readStoredSession,
  storeSession,
  storeUser,
  type StoredSession,
} from '../../lib/session-store.ts';
import { SessionContext, type Session, type SessionStatus } from './session-context.ts';

let failing = false;

/** The failed state of SPEC.md section 4: forget everything stored and start the page over. */
function failSession() {
  // A refused token can be reported by several calls at once; one reload is enough.
  if (failing) return;
  failing = true;
  clearStoredSession();
  reloadPage();
}

/**
 * Owns the session. The stored token and email are only a claim: on start the user is loaded
 * from the server, and the app shows a loader until that answers.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<StoredSession | null>(readStoredSession);
  const userQuery = useQuery({ ...currentUserQuery(stored?.email ?? ''), enabled: stored !== null });

  // A later refresh that fails on the network keeps the user on screen; a refused token does not.
  const failed =
    stored !== null && userQuery.isError && (userQuery.data === undefined || isApiError(userQuery.error, 'UNAUTHORIZED'));

  useEffect(() => {
    if (failed) failSession();
  }, [failed]);

  useEffect(() => {
    setUnauthorizedHandler(failSession);
    return () => setUnauthorizedHandler(null);
  }, []);

  // Keeps the stored copy current for screens that read it from storage (checkout).
  useEffect(() => {
    if (stored && userQuery.data) storeUser(userQuery.data);
  }, [stored, userQuery.data]);

  const signIn = useCallback(
    (token: string, user: User) => {
      storeSession(token, user);
      queryClient.setQueryData(queryKeys.users.current(user.email), user);
      setStored({ token, email: user.email });
    },
    [queryClient],
  );

  const replaceUser = useCallback(
    (user: User) => {
      storeUser(user);
      queryClient.setQueryData(queryKeys.users.current(user.email), user);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    clearStoredSession();
    setStored(null);
    queryClient.clear();
  }, [queryClient]);

  const user = stored && !failed ? (userQuery.data ?? null) : null;
  const status: SessionStatus = !stored ? 'anonymous' : failed ? 'failed' : user ? 'authenticated' : 'loading';

  const session = useMemo<Session>(
    () => ({ status, user, signIn, replaceUser, signOut }),
    [status, user, signIn, replaceUser, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
