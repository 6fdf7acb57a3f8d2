import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../lib/reload-page.ts';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { externalLinks } from '../../shell/links.ts';

// jsdom cannot reload; a failed session would call this (a refused sign-out must not).
vi.mock('../../lib/reload-page.ts', () => ({ reloadPage: vi.fn() }));

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
      ['About Us', '/about'],
      ['Support', '/support'],
      ['Documentation', externalLinks.documentation],
      ['My Account', externalLinks.myAccount],
      ['Billing', '/billing'],
      ['Security', '/security'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('presentation')).toHaveTextContent(/Website Traffic\s*Signed in as/);
  });

  it("puts My Account, Billing, Security and Logout in the bar's account menu", async () => {
    const user = makeUser();
    signIn(user);
    renderApp('/home');
    const bar = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(bar).queryByRole('link', { name: 'Billing' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const menu = await screen.findByRole('menu', { name: 'Account' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => [item.textContent, item.getAttribute('href')]),
    ).toEqual([
      ['My Account', externalLinks.myAccount],
      ['Billing', '/billing'],
      ['Security', '/security'],
      ['Logout', null],
    ]);
    expect(menu).toHaveTextContent(`Signed in as ${user.username}`);
  });

  it('gives admins the back-office groups, in the side panel and in the drawer, with the current page marked, and no bell', async () => {
    signIn(makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' }));
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();

    const panel = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(panel).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(panel).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    const groups = within(panel)
      .getAllByRole('list')
      .map((list) => [
        list.getAttribute('aria-label'),
        within(list)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ]);
    expect(groups).toEqual([
      ['Dashboard', ['/home']],
      ['Users', ['/users']],
      ['Billing', ['/admin/payments']],
      ['Security', ['/admin/audit-log', '/security']],
      ['Catalogue', ['/adminaddpackage', '/editpackage', '/addhits', '/edithits', '/addslots', '/editslots']],
      ['Grants', ['/adduserpackage', '/adduserextension', '/managesubscriptions']],
      ['Notifications', ['/addNotifications']],
    ]);

    const menu = await openMenu();
    expect(hrefs(menu).map(([, href]) => href)).toEqual(groups.flatMap(([, links]) => links));
    expect(within(menu).getByRole('list', { name: 'Catalogue' })).toBeInTheDocument();
  });

  it('offers an admin who must still turn two-factor on only Account security, and says why, in the panel and the drawer', async () => {
    const admin = makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
    storeSignedIn(admin);
    fakeApi({
      [`POST /users/load/${admin.email}`]: ok(admin),
      'GET /account/security': ok({ twoFactor: { enabled: false, required: true, recoveryCodesLeft: 0 }, sessions: [] }),
      'GET /account/events': ok({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 }),
    });
    renderApp('/security');
    const panel = await screen.findByRole('navigation', { name: 'Back office' });
    const why = 'Turn on two-factor sign-in on Account security to use the admin screens.';
    expect(await within(panel).findByRole('note')).toHaveTextContent(why);
    expect(
      within(panel)
        .getAllByRole('list')
        .map((list) => list.getAttribute('aria-label')),
    ).toEqual(['Security']);
    expect(hrefs(within(panel).getByRole('list'))).toEqual([['Account security', '/security']]);

    const menu = await openMenu();
    expect(within(menu).getByRole('note')).toHaveTextContent(why);
    expect(within(menu).getByRole('list', { name: 'Security' })).toBeInTheDocument();
    expect(within(menu).queryByRole('list', { name: 'Catalogue' })).toBeNull();
  });

  it('logs out: the server ends the token, the stored session is gone and the login page shows', async () => {
    const user = makeUser();
    storeSignedIn(user, 'the-session-token');
    const api = fakeApi({ [`POST /users/load/${user.email}`]: ok(user), 'POST /users/logout': ok() });
    const { router } = renderApp('/home');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email or Username')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(api.callsTo('POST /users/logout').map((call) => call.authorization)).toEqual(['Bearer the-session-token']);
  });

  it('logs out even when the server has ended the token already or cannot be reached', async () => {
    const user = makeUser();
    storeSignedIn(user);
    fakeApi({
      [`POST /users/load/${user.email}`]: ok(user),
      'POST /users/logout': fail(401, 'UNAUTHORIZED', 'Your session has ended. Please log in again.'),
    });
    const { router } = renderApp('/home');
    await userEvent.click(within(await openMenu()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email or Username')).toBeInTheDocument();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});
