import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeUser, storeSignedIn } from '../test/fixtures.ts';
import { fakeApi, ok } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { ErrorScreen } from './error-screen.tsx';

function signIn(user = makeUser()) {
  storeSignedIn(user);
  fakeApi({ [`POST /users/load/${user.email}`]: ok(user) });
  return user;
}

describe('app routes', () => {
  it('loads the landing page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('shows Page not found with a way home for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  });

  it('guards a lazy screen: a visitor goes to /login, a signed-in user gets the screen', async () => {
    const { router } = renderApp('/support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    signIn();
    renderApp('/support');
    expect(await screen.findByRole('heading', { name: 'Support' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends a signed-in user from the landing page to /home', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('keeps a customer out of the admin screens', async () => {
    signIn();
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('asks a user without an address to update their details on every page but /update', async () => {
    signIn(makeUser({ address: '' }));
    const { router } = renderApp('/about');
    const prompt = await screen.findByRole('dialog', { name: 'Please Update your Details' });
    await userEvent.click(within(prompt).getByRole('link', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/update'));
    expect(await screen.findByText('Please update your Details to continue')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Update your Details' })).not.toBeInTheDocument());
  });

  it('replaces a crashed screen with the generic error screen', async () => {
    // React reports the caught render error on the console; the screen is what is under test.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => consoleError.mockRestore());
    const Crash = () => {
      throw new Error('boom');
    };
    renderApp('/', [{ path: '/', Component: Crash, ErrorBoundary: ErrorScreen }]);
    expect(await screen.findByText("Something went wrong... It's not you its us.")).toBeInTheDocument();
  });
});
