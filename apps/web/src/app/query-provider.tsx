import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/*
 * TanStack Query is loaded when something first needs it (a stored session to confirm, any screen
 * but the landing page: routes.tsx waits for it), not with the landing page. Until then the context
 * holds no client; nothing rendered for a visitor on `/` uses it.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('../shell/query-client.ts').then(({ createQueryClient }) => {
    client = createQueryClient();
    for (const listener of listeners) listener();
    return client;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const current = () => client;

/** QueryClientProvider, with the client given (tests) or loaded on demand. */
export function QueryProvider({ client: given, children }: { client?: QueryClient | undefined; children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribe, current, current);
  const value = given ?? loaded;
  // What QueryClientProvider does: the client follows window focus and the network while in use.
  useEffect(() => {
    if (!value) return;
    value.mount();
    return () => value.unmount();
  }, [value]);
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}
