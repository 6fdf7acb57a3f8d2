import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '../test/fake-api.ts';
import { makeUser } from '../test/fixtures.ts';
import { EARLY_STORAGE_KEYS, requestUserEarly } from '../early-user-request.ts';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { ApiError, call } from './api-client.ts';
import { earlyUser, takeEarlyUser } from './early-user.ts';
import { STORAGE_KEYS } from './session-store.ts';

const user = makeUser();

function storeSession(token: string, email: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.email, email);
}

afterEach(() => {
  takeEarlyUser(user.email);
  delete window.earlyUserRequest;
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the user object the entry asks for early', () => {
  it('reads the session-store keys and sends exactly the request the API client sends', async () => {
    expect(EARLY_STORAGE_KEYS).toEqual({ token: STORAGE_KEYS.token, email: STORAGE_KEYS.email });
    storeSession('t0k3n', 'ann+1@example.com');
    const api = fakeApi({ 'POST /users/load/ann+1@example.com': ok({ ...user, email: 'ann+1@example.com' }) });
    requestUserEarly();
    await call(accountsApi.load, { params: { email: 'ann+1@example.com' } });
    const [early, client] = vi.mocked(fetch).mock.calls;
    expect(early![0]).toBe(client![0]);
    expect(early![1]!.method).toBe(client![1]!.method);
    expect(Object.fromEntries(new Headers(early![1]!.headers))).toEqual(Object.fromEntries(new Headers(client![1]!.headers)));
    expect(api.calls).toHaveLength(2);
  });

  it('sends nothing without a stored session', () => {
    const api = fakeApi({});
    requestUserEarly();
    expect(window.earlyUserRequest).toBeUndefined();
    expect(api.calls).toHaveLength(0);
  });

  it('is one answer, shared until the user query takes it; later fetches ask the server', async () => {
    storeSession('t0k3n', user.email);
    const api = fakeApi({ 'POST /users/load/ann@example.com': ok(user) });
    requestUserEarly();
    const first = earlyUser(user.email);
    expect(first).toBeDefined();
    expect(earlyUser('someone@example.com')).toBeUndefined();
    expect(earlyUser(user.email)).toBe(first);
    expect(takeEarlyUser(user.email)).toBe(first);
    expect(await first).toEqual(user);
    expect(takeEarlyUser(user.email)).toBeUndefined();
    expect(api.calls).toHaveLength(1);
  });

  it('is dropped when the stored session changed before the app took it', () => {
    storeSession('t0k3n', user.email);
    fakeApi({ 'POST /users/load/ann@example.com': ok(user) });
    requestUserEarly();
    storeSession('another', user.email);
    expect(earlyUser(user.email)).toBeUndefined();
  });

  it('fails as the API client fails: a refused token is an ApiError', async () => {
    storeSession('t0k3n', user.email);
    fakeApi({ 'POST /users/load/ann@example.com': fail(401, 'UNAUTHORIZED', 'Your session has ended. Please log in again.') });
    requestUserEarly();
    const error = await takeEarlyUser(user.email)!.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
