import type { User } from '@traffic/shared/schemas/accounts.schema';

/**
 * The session as kept in the browser. localStorage, not memory: it survives reloads and new tabs,
 * and the checkout (a later screen) reads the customer's personal details from `user`.
 */
export const STORAGE_KEYS = { token: 'token', email: 'email', user: 'user' } as const;

/** Survives the reload that follows a failed login, so the login page can still show why. */
const LOGIN_ERROR_KEY = 'loginError';
/** The login name of a failed sign-in, so the reloaded form keeps it filled in (never the password). */
const LOGIN_NAME_KEY = 'loginName';

export interface StoredSession {
  token: string;
  email: string;
}

// Storage can be unavailable (blocked cookies, private modes); the app then works for one page load.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: see `read`.
  }
}

const local = () => window.localStorage;
const perTab = () => window.sessionStorage;

export function readToken(): string | null {
  return read(local, STORAGE_KEYS.token);
}

export function readStoredSession(): StoredSession | null {
  const token = readToken();
  const email = read(local, STORAGE_KEYS.email);
  return token && email ? { token, email } : null;
}

export function storeSession(token: string, user: User): void {
  write(local, STORAGE_KEYS.token, token);
  write(local, STORAGE_KEYS.email, user.email);
  storeUser(user);
}

export function storeUser(user: User): void {
  write(local, STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(local, key, null);
}

export function keepLoginError(message: string, loginName = ''): void {
  write(perTab, LOGIN_ERROR_KEY, message);
  write(perTab, LOGIN_NAME_KEY, loginName || null);
}

export function readLoginError(): string | null {
  return read(perTab, LOGIN_ERROR_KEY);
}

export function readLoginName(): string {
  return read(perTab, LOGIN_NAME_KEY) ?? '';
}

export function forgetLoginError(): void {
  write(perTab, LOGIN_ERROR_KEY, null);
  write(perTab, LOGIN_NAME_KEY, null);
}
