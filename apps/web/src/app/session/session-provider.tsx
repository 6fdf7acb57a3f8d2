import { useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { queryKeys } from '../../lib/query-keys.ts';
import { clearStoredSession, readStoredSession, storeSession, storeUser, type StoredSession } from '../../lib/session-store.ts';
import { loadQueryClient } from '../query-provider.tsx';
import { failSession } from './fail-session.ts';
import { SessionContext, type Session, type SessionStatus } from '../../shell/session/session-context.ts';
import type { LoadedUser, SessionUserSync as SessionUserSyncComponent } from './session-user-sync.tsx';

type SessionUserSyncType = typeof SessionUserSyncComponent;

// With TanStack Query, only when a session is stored: a visitor's landing page loads neither.
let LoadedSessionUserSync: SessionUserSyncType | undefined;
let sessionUserSync: Promise<void> | undefined;
const loadSessionUserSync = () =>
  (sessionUserSync ??= loadQueryClient().then(async () => {
    LoadedSessionUserSync = (await import('./session-user-sync.tsx')).SessionUserSync;
  }));

/*
 * A stored session's user is what the first screen waits for, so its loader starts with this
 * module, not once React has rendered. And it is mounted by a state update, not React.lazy: React
 * holds back what a Suspense boundary reveals until 300 ms after the last fallback it showed, and
 * the signed-in shell shows several while its parts load; behind a boundary, /home's heading
 * waited ~200 ms with nothing to do (docs/performance.md).
 */
if (readStoredSession()) void loadSessionUserSync().catch(() => undefined);

/** Whether the user's loader is in, once wanted; a failure to load its code goes to the error boundary. */
function useSessionUserSyncLoaded(wanted: boolean): boolean {
  const [state, setState] = useState<{ ready: boolean; error?: unknown }>(() => ({ ready: LoadedSessionUserSync !== undefined }));
  useEffect(() => {
    if (!wanted || state.ready) return;
    let live = true;
    loadSessionUserSync().then(
      () => live && setState({ ready: true }),
      (error: unknown) => live && setState({ ready: false, error }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state.ready]);
  if (state.error !== undefined) throw state.error;
  return state.ready;
}

/**
 * Owns the session. The stored token and email are only a claim: on start the user is loaded
 * from the server, and the app shows a loader until that answers.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Present once TanStack Query is loaded, which any screen that signs in or out has done.
  const queryClient = useContext(QueryClientContext);
  const [stored, setStored] = useState<StoredSession | null>(readStoredSession);
  const [loaded, setLoaded] = useState<LoadedUser | null>(null);
  const syncLoaded = useSessionUserSyncLoaded(stored !== null);

  // Only what was loaded for the stored email counts.
  const current = stored && loaded?.email === stored.email ? loaded : null;
  const failed = stored !== null && !!current?.failed;

  useEffect(() => {
    if (failed) failSession();
  }, [failed]);

  // The answer the entry asked for early, if it arrives before the user query's: the first screen
  // need not wait for TanStack Query and the query's code. A failure is the query's to report.
  // (Decoding it is the API client's work, which stays out of the code every page starts with.)
  useEffect(() => {
    if (!stored) return;
    let live = true;
    const keep = (user: User) =>
      live && setLoaded((previous) => (previous?.email === stored.email ? previous : { email: stored.email, user, failed: false }));
    void import('../../lib/early-user.ts').then(({ earlyUser }) => earlyUser(stored.email)?.then(keep, () => undefined));
    return () => {
      live = false;
    };
  }, [stored]);

  const signIn = useCallback(
    (token: string, user: User) => {
      storeSession(token, user);
      queryClient?.setQueryData(queryKeys.users.current(user.email), user);
      setStored({ token, email: user.email });
      // The user is known already: no loader between signing in and the next page.
      setLoaded({ email: user.email, user, failed: false });
    },
    [queryClient],
  );

  const replaceUser = useCallback(
    (user: User) => {
      storeUser(user);
      queryClient?.setQueryData(queryKeys.users.current(user.email), user);
      setLoaded((previous) => previous && { ...previous, user });
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    clearStoredSession();
    setStored(null);
    setLoaded(null);
    queryClient?.clear();
  }, [queryClient]);

  const user = stored && !failed ? (current?.user ?? null) : null;
  const status: SessionStatus = !stored ? 'anonymous' : failed ? 'failed' : user ? 'authenticated' : 'loading';

  const session = useMemo<Session>(() => ({ status, user, signIn, replaceUser, signOut }), [status, user, signIn, replaceUser, signOut]);
  return (
    <SessionContext.Provider value={session}>
      {stored && syncLoaded && LoadedSessionUserSync && (
        <LoadedSessionUserSync key={stored.email} email={stored.email} onChange={setLoaded} />
      )}
      {children}
    </SessionContext.Provider>
  );
}
