import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { reloadPage } from '../../lib/reload-page.ts';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

// The next page is a lazy chunk; on a busy machine it takes more than waitFor's default second.
const SLOW = { timeout: 5_000 };

async function logIn(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email or Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('links to password reset and to registration', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: MSG.registerNow })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute('href', '/forgotPassword');
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('opens /home after a login, keeping the session in storage', async () => {
    const user = makeUser();
    const api = fakeApi({ 'POST /users/login': ok({ token: 't1', data: user }) });
    const { router } = renderApp('/login');
    await logIn('ann', 'secret-pass');

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.callsTo('POST /users/login')[0]?.body).toEqual({ username: 'ann', password: 'secret-pass' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t1');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe(user.email);
  });

  it("opens /update after a customer's login when the address is still empty", async () => {
    fakeApi({ 'POST /users/login': ok({ token: 't1', data: makeUser({ address: '' }) }) });
    const { router } = renderApp('/login');
    await logIn('ann', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/update'));
  });

  it('opens /home for an administrator without an address, with no details popup', async () => {
    fakeApi({ 'POST /users/login': ok({ token: 't1', data: makeUser({ role: 'ROLE_ADMIN', address: '' }) }) });
    const { router } = renderApp('/login');
    await logIn('admin@example.com', 'admin-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByText('Please Update your Details')).toBeNull();
  });

  it('returns to the page named in ?redirect= after a login', async () => {
    fakeApi({ 'POST /users/login': ok({ token: 't1', data: makeUser() }) });
    const { router } = renderApp('/login?redirect=%2Fpricing%2Fseo');
    await logIn('ann', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing/seo'), SLOW);
  });

  it('ignores a ?redirect= that would leave the site, and still sends a user without an address to /update', async () => {
    fakeApi({ 'POST /users/login': ok({ token: 't1', data: makeUser() }) });
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example%2Fhome');
    await logIn('ann', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), SLOW);

    document.body.innerHTML = '';
    localStorage.clear();
    fakeApi({ 'POST /users/login': ok({ token: 't2', data: makeUser({ address: '' }) }) });
    const second = renderApp('/login?redirect=%2Fpricing%2Fseo');
    await logIn('ann', 'secret-pass');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/update'), SLOW);
  });

  it('clears the session, reloads, and shows the server message in the error line after the reload', async () => {
    localStorage.setItem(STORAGE_KEYS.user, '{"stale":true}');
    fakeApi({ 'POST /users/login': fail(401, 'LOGIN_FAIL', 'Wrong email, username or password') });
    renderApp('/login');
    await logIn('ann', 'wrong-password');

    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();

    // What the reload brings back: a fresh page that still says why.
    document.body.innerHTML = '';
    renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email, username or password');
  });

  it('shows the lock-out message after too many failures', async () => {
    fakeApi({ 'POST /users/login': fail(429, 'RATE_LIMITED', 'Too many attempts; try again in 15 minutes') });
    renderApp('/login');
    await logIn('ann', 'wrong-password');
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    renderApp('/login');
    expect(await screen.findByText('Too many attempts; try again in 15 minutes')).toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const api = fakeApi({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter your email or username');
    expect(api.calls).toHaveLength(0);
  });
});
