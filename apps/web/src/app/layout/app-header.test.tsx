import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { externalLinks } from '../links.ts';

function signIn(user = makeUser()) {
  storeSignedIn(user);
  fakeApi({ [`POST /users/load/${user.email}`]: ok(user) });
}

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.findByRole('navigation', { name: 'Menu' });
}

const hrefs = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('AppHeader', () => {
  it('offers visitors Register, Login and Pricing', async () => {
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(hrefs(nav)).toEqual([
      ['Register', '/register'],
      ['Login', '/login'],
      ['Pricing', '/pricings'],
    ]);
  });

  it('gives customers their menu, with the external links opening in a new tab', async () => {
    signIn();
    renderApp('/home');
    const menu = await openMenu();
    expect(hrefs(menu)).toEqual([
      ['Home', '/home'],
      ['Websites', '/websites'],
      ['Buy Traffic', '/traffic'],
      ['Pricing', '/pricing'],
      ['My Account', externalLinks.myAccount],
      ['About Us', '/about'],
      ['Support', '/support'],
      ['Documentation', externalLinks.documentation],
    ]);
    expect(within(menu).getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('gives admins Home and the admin screens of the spec, and no bell', async () => {
    signIn(makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    const menu = await openMenu();
    expect(hrefs(menu).map(([, href]) => href)).toEqual([
      '/home',
      '/users',
      '/managesubscriptions',
      '/adminaddpackage',
      '/addhits',
      '/addslots',
      '/adduserpackage',
      '/adduserextension',
      '/edithits',
      '/editslots',
      '/editpackage',
      '/addNotifications',
    ]);
  });

  it('logs out: the stored session is gone and the login page shows', async () => {
    signIn();
    const { router } = renderApp('/home');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email or Username')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
