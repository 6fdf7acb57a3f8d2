import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { adminApi } from '@traffic/shared/contract/admin';
import { catalogueApi } from '@traffic/shared/contract/catalogue';
import { websitesApi } from '@traffic/shared/contract/websites';
import { fail, fakeApi, ok } from '../test/fake-api.ts';
import { ApiError, call, setTwoFactorRequiredHandler } from './api-client.ts';
import { STORAGE_KEYS } from './session-store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('call(entry, request)', () => {
  it('builds the path and the query from the entry, and sends JSON with the stored token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 't0k3n');
    const api = fakeApi({
      'GET /admin/jobs/failed': ok({ rows: [], total: 0 }),
      'POST /website/7/pause': ok({ status: 'PAUSED', message: 'paused' }),
    });
    await call(adminApi.failedJobs, { query: { page: 2, size: 10 } });
    await call(websitesApi.togglePause, { params: { id: 7 } });
    expect(api.calls.map((c) => [c.method, c.path, c.query, c.authorization])).toEqual([
      ['GET', '/admin/jobs/failed', { page: '2', size: '10' }, 'Bearer t0k3n'],
      ['POST', '/website/7/pause', {}, 'Bearer t0k3n'],
    ]);
  });

  it('encodes path segments and sends a form-encoded entry as form fields', async () => {
    const api = fakeApi({ 'POST /admin/notify/selected': ok({ sent: 2 }) });
    await call(adminApi.notify, { params: { audience: 'selected' }, body: { title: 'T', body: 'B', userIds: '[1,2]' } });
    const [sent] = api.calls;
    expect(sent?.body).toEqual({ title: 'T', body: 'B', userIds: '[1,2]' });
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(new Headers(init.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
  });

  it('sends a JSON entry as JSON, and a token the caller holds instead of the stored one', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const api = fakeApi({ 'POST /users/password': ok(), 'POST /users/logout': ok() });
    await call(accountsApi.resetPassword, { body: { email: 'ann@example.com', password: 'N3w-pass!', resetToken: 'r3set' } });
    await call(accountsApi.logout, undefined, { token: 'held' });
    expect(api.calls.map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
      ['POST', '/users/password', { email: 'ann@example.com', password: 'N3w-pass!', resetToken: 'r3set' }, 'Bearer stored'],
      ['POST', '/users/logout', undefined, 'Bearer held'],
    ]);
    const [json, none] = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('content-type'));
    expect([json, none]).toEqual(['application/json', null]);
  });

  it('sends no authorization header when there is no token', async () => {
    const api = fakeApi({ 'GET /packages': ok([]) });
    await call(catalogueApi.packages.list);
    expect(api.calls[0]?.authorization).toBeNull();
  });

  it('resolves with an answer that matches the response schema', async () => {
    fakeApi({ 'GET /website/3/hits': ok({ confirmedHits: 120, ninehits_state: 'approved' }) });
    await expect(call(websitesApi.hits, { params: { id: 3 } })).resolves.toEqual({ confirmedHits: 120, ninehits_state: 'approved' });
  });

  it('rejects, in development and tests, an answer that does not match the response schema', async () => {
    expect(import.meta.env.DEV).toBe(true);
    fakeApi({ 'GET /website/3/hits': ok({ confirmedHits: '120' }) });
    const failure = call(websitesApi.hits, { params: { id: 3 } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(/GET \/website\/:id\/hits: the answer does not match its schema/);
  });
});

describe('setTwoFactorRequiredHandler', () => {
  afterEach(() => setTwoFactorRequiredHandler(null));

  it('reports a TWO_FACTOR_REQUIRED answer to a signed-in call, and still throws it to the caller', async () => {
    const reported: ApiError[] = [];
    setTwoFactorRequiredHandler((error) => reported.push(error));
    fakeApi({
      'GET /admin/users': fail(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor sign-in'),
      'GET /admin/websites': fail(403, 'FORBIDDEN', 'This action needs an administrator.'),
    });

    // Without a token there is no session to speak of.
    await expect(call(adminApi.userCount)).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(reported).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.token, 't0k3n');
    await expect(call(adminApi.userCount)).rejects.toMatchObject({ status: 403, code: 'TWO_FACTOR_REQUIRED' });
    await expect(call(adminApi.websiteCount)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(reported.map((error) => error.code)).toEqual(['TWO_FACTOR_REQUIRED']);
  });

  it('keeps a refusal that came before any handler and hands it to the next one registered, once', async () => {
    setTwoFactorRequiredHandler(null);
    fakeApi({ 'GET /admin/users': fail(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor sign-in') });
    localStorage.setItem(STORAGE_KEYS.token, 't0k3n');
    await expect(call(adminApi.userCount)).rejects.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    const first: ApiError[] = [];
    const unregister = setTwoFactorRequiredHandler((error) => first.push(error));
    expect(first.map((error) => error.code)).toEqual(['TWO_FACTOR_REQUIRED']);
    unregister();
    const second: ApiError[] = [];
    setTwoFactorRequiredHandler((error) => second.push(error));
    expect(second).toHaveLength(0);
  });
});
