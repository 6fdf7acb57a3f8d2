import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/reload-page.ts';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { requestUserEarly } from '../../early-user-request.ts';

vi.mock('../../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

describe('session', () => {
  it('shows the loader while the stored session is checked, then the page, sending the token', async () => {
    const user = makeUser();
    storeSignedIn(user, 'stored-token');
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const api = fakeApi({ [`POST /users/load/${user.email}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/home');

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    // The user is requested once TanStack Query has loaded (on demand: app/query-provider.tsx).
    await waitFor(() => expect(api.calls).toHaveLength(1));
    answer(ok(makeUser({ fullName: 'Annie/Lee' })));
    expect(await screen.findByRole('heading', { name: 'Welcome, Annie' })).toBeInTheDocument();
    expect(api.calls[0]?.authorization).toBe('Bearer stored-token');
    // The stored copy follows the server's (checkout reads it from storage).
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).fullName).toBe('Annie/Lee');
  });

  it('shows the page from the answer the entry asked for early, and asks no second time', async () => {
    const user = makeUser({ fullName: 'Early/Bird' });
    storeSignedIn(user, 'stored-token');
    const api = fakeApi({ [`POST /users/load/${user.email}`]: ok(user) });
    requestUserEarly();
    renderApp('/home');

    expect(await screen.findByRole('heading', { name: 'Welcome, Early' })).toBeInTheDocument();
    // The user query, once loaded, takes the same answer instead of asking again.
    await waitFor(() => expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!).fullName).toBe('Early/Bird'));
    expect(api.calls.map((c) => [c.path, c.authorization])).toEqual([[`/users/load/${user.email}`, 'Bearer stored-token']]);
  });

  it('clears the stored session and reloads when the user cannot be loaded', async () => {
    const user = makeUser();
    storeSignedIn(user);
    fakeApi({ [`POST /users/load/${user.email}`]: fail(401, 'UNAUTHORIZED', 'Session ended') });
    renderApp('/home');

    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('treats a visitor with nothing stored as signed out without calling the server', async () => {
    const api = fakeApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(api.calls).toHaveLength(0);
  });
});
