import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok, type ApiCall } from '../../../test/fake-api.ts';
import { findToast } from '../../../test/find-toast.ts';
import {
  basic,
  dismissToastsAfterEach,
  FIRST_LOAD,
  makeUserRow,
  openAsAdmin,
  seoStarter,
  standard,
  user,
} from '../admin-console-test-kit.ts';

dismissToastsAfterEach();

// The route loads the screen lazily; a cold first import can outlast a query's default wait.
beforeAll(async () => {
  await import('./users-page.tsx');
});

const ann = makeUserRow({
  two_factor: true,
  websites: [
    { id: 11, url: 'https://ann.example.com', status: 'ACTIVE', type: 'normal', ninehits_state: 'approved' },
    { id: 12, url: 'https://shop.example.com', status: 'PAUSED', type: 'normal', ninehits_state: 'pending' },
  ],
});
const bob = makeUserRow({
  id: 8,
  username: 'bob',
  email: 'bob@example.com',
  status: 'DEACTIVATED',
  package_id: null,
  package_name: null,
  subscription_expiry_date: null,
});
const seoAnn = makeUserRow({
  package_id: 'pkgSeoStarter',
  package_name: 'Seo Starter',
  websites: [{ id: 21, url: 'https://seo.example.com', status: 'ACTIVE', type: 'seo', ninehits_state: null }],
});

const NORMAL = 'GET /admin/all-users/normal';
const SEO = 'GET /admin/all-users/seo';

function openUsers(replies: Parameters<typeof openAsAdmin>[1] = {}) {
  return openAsAdmin('/users', {
    [NORMAL]: ok({ total: 12, rows: [ann, bob] }),
    [SEO]: ok({ total: 1, rows: [seoAnn] }),
    'GET /packages': ok([basic, standard, seoStarter]),
    ...replies,
  });
}

const lastQuery = (calls: ApiCall[]) => calls.at(-1)?.query;
const usersTable = () => screen.findByRole('table', { name: 'Users details' }, FIRST_LOAD);
const rowOf = async (username: string) =>
  (await within(await usersTable()).findByRole('link', { name: username }, FIRST_LOAD)).closest('tr')!;

/** Opens the row's one Actions menu and answers its item (the menu is rendered outside the row). */
async function pick(row: HTMLElement, item: string) {
  await user.click(within(row).getByRole('button', { name: /^Actions for / }));
  return screen.findByRole('menuitem', { name: item });
}

async function choose(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('UsersPage (/users)', () => {
  it("is titled 'Users details' and lists each user's subscription, status, package and websites", async () => {
    const { api } = openUsers();
    expect(await screen.findByRole('heading', { name: 'Users details' }, FIRST_LOAD)).toBeInTheDocument();
    const row = await rowOf('ann');
    expect(row).toHaveTextContent('ann@example.com');
    expect(row).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2031-05-01T00:00:00.000Z')));
    expect(row).toHaveTextContent('ACTIVE');
    expect(row).toHaveTextContent('Basic');
    // The websites are a summary opening the customer page, which lists them.
    const sites = within(row).getByRole('link', { name: '2 websites of ann' });
    expect(sites).toHaveAttribute('href', '/users/7');
    expect(row).toHaveTextContent('1 paused');
    // 9Hits has not approved shop's campaign yet; ann's own is approved and needs no words.
    expect(row).toHaveTextContent('1 not approved at 9Hits');
    expect(row).not.toHaveTextContent('SEO');
    expect(await rowOf('bob')).toHaveTextContent('No websites');
    expect(lastQuery(api.callsTo(NORMAL))).toEqual({ page: '0', size: '5', search: '' });
  });

  it("counts seo websites as 'SEO' on the SEO tab", async () => {
    const { api } = openUsers();
    await rowOf('ann');
    await user.click(screen.getByRole('tab', { name: 'SEO' }));
    await waitFor(() => expect(api.callsTo(SEO)).toHaveLength(1));
    const row = (await screen.findByRole('link', { name: /websites? of ann/ })).closest('tr')!;
    expect(row).toHaveTextContent('1 SEO');
  });

  it('asks the server for the next page and for 5, 10 or all rows', async () => {
    const { api } = openUsers();
    await rowOf('ann');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))).toEqual({ page: '1', size: '5', search: '' }));

    await choose('Rows per page:', '10');
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))).toEqual({ page: '0', size: '10', search: '' }));
    await choose('Rows per page:', 'All');
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))).toEqual({ page: '0', size: '1000', search: '' }));
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { api } = openUsers();
    await rowOf('ann');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))?.page).toBe('1'));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'an');
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))).toEqual({ page: '0', size: '5', search: 'an' }));
    // Debounced: one request for the pause after typing, not one per key.
    expect(api.callsTo(NORMAL).filter((call) => call.query.search === 'a')).toHaveLength(0);
  });

  it('sends the status, subscription and package filters', async () => {
    const { api } = openUsers();
    await rowOf('ann');
    await choose('Status', 'DEACTIVATED');
    await choose('Subscription', 'Expired');
    await choose('Package', 'Standard');
    await waitFor(() =>
      expect(lastQuery(api.callsTo(NORMAL))).toEqual({
        page: '0',
        size: '5',
        search: '',
        status: 'DEACTIVATED',
        subscription: 'expired',
        package: 'pkgStandard',
      }),
    );
  });

  it('offers only the packages of the chosen type in the package filter', async () => {
    openUsers();
    await rowOf('ann');
    await user.click(screen.getByRole('combobox', { name: 'Package' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['All packages', 'Basic', 'Standard']);
  });

  it.each([
    ['Pause All', 'PAUSED'],
    ['Unpause All', 'ACTIVE'],
  ])('%s sets every website of the user, toasts and reloads the list', async (label, status) => {
    const key = `POST /website/7/websites/${status}`;
    const { api } = openUsers({ [key]: ok({ count: 2, message: MSG.websiteUpdated }) });
    const row = await rowOf('ann');
    expect(api.callsTo(NORMAL)).toHaveLength(1);

    await user.click(await pick(row, `${label} websites of ann`));
    // A dialog names the customer and the effect first; Cancel changes nothing.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('ann (ann@example.com)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(key)).toHaveLength(0);

    await user.click(await pick(row, `${label} websites of ann`));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: label }));
    const toast = await findToast(MSG.websiteUpdated);
    expect(toast).toHaveTextContent(`All 2 websites of ann are ${status === 'PAUSED' ? 'paused' : 'switched on'}.`);
    expect(api.callsTo(key)).toHaveLength(1);
    expect(api.callsTo(key)[0]?.body).toBeUndefined();
    await waitFor(() => expect(api.callsTo(NORMAL)).toHaveLength(2));
  });

  it('activates and deactivates users, and cannot pause a user without websites', async () => {
    const { api } = openUsers({
      'PUT /users/deactivate/ann@example.com': ok(),
      'PUT /users/activate/bob@example.com': fail(500, 'INTERNAL', 'boom'),
    });
    const annRow = await rowOf('ann');
    // An active customer is offered Deactivate, not Activate; a deactivated one the reverse.
    await pick(annRow, 'Deactivate ann');
    expect(screen.queryByRole('menuitem', { name: 'Activate ann' })).toBeNull();
    await user.keyboard('{Escape}');
    const bobRow = await rowOf('bob');
    await pick(bobRow, 'Activate bob');
    expect(screen.queryByRole('menuitem', { name: 'Deactivate bob' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Pause All websites of bob' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(await pick(annRow, 'Deactivate ann'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate ann?' })).getByRole('button', { name: 'Deactivate' }));
    expect(await findToast(MSG.userStatusChanged)).toHaveTextContent('ann was deactivated.');
    await waitFor(() => expect(api.callsTo(NORMAL)).toHaveLength(2));

    await user.click(await pick(await rowOf('bob'), 'Activate bob'));
    await findToast(MSG.userActivateFailed);
  });

  it('ends every session of a user after asking, and says how many ended', async () => {
    const key = 'POST /admin/users/ann@example.com/sessions/end';
    const { api } = openUsers({ [key]: ok({ ended: 3 }) });
    const row = await rowOf('ann');

    await user.click(await pick(row, 'End all sessions of ann'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign ann@example.com out on every device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(key)).toHaveLength(0);

    await user.click(await pick(row, 'End all sessions of ann'));
    const again = await screen.findByRole('dialog', { name: 'Sign ann@example.com out on every device?' });
    await user.click(within(again).getByRole('button', { name: 'End all sessions' }));
    await findToast('Signed out of 3 sessions.');
    expect(api.callsTo(key)).toHaveLength(1);
    expect(api.callsTo(key)[0]?.body).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when the sessions could not be ended", async () => {
    openUsers({ 'POST /admin/users/ann@example.com/sessions/end': fail(404, 'NOT_FOUND', 'User not found.') });
    await user.click(await pick(await rowOf('ann'), 'End all sessions of ann'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End all sessions' }));
    await findToast('User not found.');
  });

  it("turns off a customer's two-factor sign-in after a warning, only where it is on", async () => {
    const key = 'POST /admin/users/ann@example.com/two-factor/reset';
    const { api } = openUsers({ [key]: ok({ ok: true }) });
    const row = await rowOf('ann');
    await pick(await rowOf('bob'), 'End all sessions of bob');
    expect(screen.queryByRole('menuitem', { name: /two-factor/ })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(await pick(row, 'Turn off two-factor sign-in of ann'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in for ann@example.com?' });
    expect(dialog).toHaveTextContent('lost both the authenticator app and the recovery codes');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(key)).toHaveLength(0);

    api.reply(NORMAL, ok({ total: 12, rows: [{ ...ann, two_factor: false }, bob] }));
    await user.click(await pick(row, 'Turn off two-factor sign-in of ann'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off two-factor' }));
    await findToast('Two-factor sign-in is off for ann.');
    expect(api.callsTo(key)).toHaveLength(1);
    // The list is asked again, so the menu shows what the server now says: the item is gone, and
    // focus is back on the row's Actions button rather than on the page.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Actions for ann' })).toHaveFocus());
    await pick(row, 'End all sessions of ann');
    expect(screen.queryByRole('menuitem', { name: /two-factor/ })).toBeNull();
  });

  it("shows the server's reason when two-factor could not be turned off", async () => {
    openUsers({
      'POST /admin/users/ann@example.com/two-factor/reset': fail(409, 'CONFLICT', 'Two-factor sign-in is already off for this user.'),
    });
    await user.click(await pick(await rowOf('ann'), 'Turn off two-factor sign-in of ann'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off two-factor' }));
    await findToast('Two-factor sign-in is already off for this user.');
  });

  it('shows a loading state, then an empty state that names the filters', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { api } = openUsers({
      [NORMAL]: async () => {
        await answered;
        return ok({ total: 0, rows: [] });
      },
    });
    expect(await usersTable()).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByText('There are no customers yet.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Users details' })).toHaveAttribute('aria-busy', 'false');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    // On a loaded machine the keystrokes can be further apart than the search's 300 ms debounce,
    // and 'z' or 'ze' is asked first: wait for the whole word's request.
    await waitFor(() => expect(lastQuery(api.callsTo(NORMAL))?.search).toBe('zed'));
    expect(await screen.findByText('No users match the search and filters.')).toBeInTheDocument();
  });
});
