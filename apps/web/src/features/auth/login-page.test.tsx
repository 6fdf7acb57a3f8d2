import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
    // The login name stays filled in; the password is typed again.
    expect(screen.getByLabelText('Email or Username')).toHaveValue('ann');
    expect(screen.getByLabelText('Password')).toHaveValue('');
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

  describe('the code step (two-factor sign-in)', () => {
    const EXPIRED = 'Your sign-in has expired. Please sign in again.';
    const challenge = { twoFactorRequired: true, challenge: 'challenge-1' };
    beforeEach(() => vi.mocked(reloadPage).mockClear());

    async function reachCodeStep(replies: Parameters<typeof fakeApi>[0] = {}) {
      const api = fakeApi({ 'POST /users/login': ok(challenge), ...replies });
      const view = renderApp('/login');
      await logIn('ann', 'secret-pass');
      const code = await screen.findByLabelText('Authentication code');
      return { ...view, api, code };
    }

    it('asks for the code after the password, then opens /home with the session', async () => {
      const user = makeUser();
      const { api, router, code } = await reachCodeStep({ 'POST /users/login/two-factor': ok({ token: 't2', data: user }) });

      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code).toHaveAttribute('inputmode', 'numeric');
      expect(code).toHaveFocus();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(screen.getByText('Use a recovery code')).toBeInTheDocument();

      await userEvent.type(code, '123 456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(api.callsTo('POST /users/login/two-factor')[0]?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t2');
    });

    it('takes a recovery code in the same field, with a keyboard that can type it', async () => {
      const { api, router, code } = await reachCodeStep({ 'POST /users/login/two-factor': ok({ token: 't2', data: makeUser() }) });
      await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      expect(code).toHaveAttribute('inputmode', 'text');
      await userEvent.type(code, 'abcde-fghij');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(api.callsTo('POST /users/login/two-factor')[0]?.body).toEqual({ challenge: 'challenge-1', code: 'abcde-fghij' });
    });

    it('checks the code before calling the server', async () => {
      const { api, code } = await reachCodeStep();
      await userEvent.type(code, '12ab');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app, or a recovery code');
      expect(api.callsTo('POST /users/login/two-factor')).toHaveLength(0);
    });

    it('says a wrong code was wrong and stays on the code step, without a reload', async () => {
      const wrong = 'That code did not work. Enter the newest code from your authenticator app, or a recovery code.';
      const { api, code } = await reachCodeStep({ 'POST /users/login/two-factor': fail(400, 'BAD_REQUEST', wrong) });
      await userEvent.type(code, '000000');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
      expect(screen.getByLabelText('Authentication code')).toHaveFocus();
      expect(reloadPage).not.toHaveBeenCalled();

      // The lock-out after too many wrong codes is told the same way.
      api.reply('POST /users/login/two-factor', fail(429, 'RATE_LIMITED', 'Too many attempts; try again in 15 minutes'));
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Too many attempts; try again in 15 minutes')).toBeInTheDocument();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });

    it('goes back to the password step with the reason when the sign-in has expired', async () => {
      const { code } = await reachCodeStep({ 'POST /users/login/two-factor': fail(401, 'UNAUTHORIZED', EXPIRED) });
      await userEvent.type(code, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
      expect(screen.getByLabelText('Email or Username')).toHaveValue('ann');
      expect(screen.getByLabelText('Password')).toHaveValue('');
      expect(screen.queryByLabelText('Authentication code')).toBeNull();
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(reloadPage).not.toHaveBeenCalled();
    });

    it('goes back to the password step on request', async () => {
      await reachCodeStep();
      await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
      expect(await screen.findByLabelText('Password')).toHaveValue('');
      expect(screen.getByLabelText('Email or Username')).toHaveValue('ann');
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
