/**
 * What the entry (main.tsx) sends before any of the app's code has arrived: a stored session's user
 * object, asked for while that code downloads and runs. A signed-in page's first screen waits for
 * this answer (/home's heading); asked for by the app, it went out only once React had rendered
 * (docs/performance.md). The app takes the answer once, through its one API client, when the
 * token and email are still the stored ones (lib/early-user.ts).
 *
 * Nothing here may import the app's modules: the entry stays a few bytes before a public page's
 * first paint. So the storage keys and the path are written out here, and lib/early-user.test.ts
 * holds them equal to lib/session-store.ts and the API contract's `accounts.load`.
 */
export interface EarlyUserRequest {
  token: string;
  email: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    earlyUserRequest?: EarlyUserRequest;
  }
}

export const EARLY_STORAGE_KEYS = { token: 'token', email: 'email' } as const;
export const earlyUserPath = (email: string) => `/api/users/load/${encodeURIComponent(email)}`;

export function requestUserEarly(): void {
  let token: string | null;
  let email: string | null;
  try {
    token = window.localStorage.getItem(EARLY_STORAGE_KEYS.token);
    email = window.localStorage.getItem(EARLY_STORAGE_KEYS.email);
  } catch {
    return; // Storage blocked: the app asks when it starts, as it always could.
  }
  if (!token || !email) return;
  const response = fetch(earlyUserPath(email), {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  // A failure is the app's to report when it takes the answer; until then it is not unhandled.
  response.catch(() => undefined);
  window.earlyUserRequest = { token, email, response };
}
