import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../test/fake-api.ts';
import { openAsAdmin, user, watchToasts } from './admin-test-kit.ts';
import { emailText } from '../../test/email-text.ts';

const toasts = watchToasts();

const ann = {
  user_id: 7,
  username: 'ann',
  email: 'ann@example.com',
  activatedadditionalhits: [{ id: 11, name: '1000 Hits', count: 1000, type: 'normal', expiry_date: '2031-03-01T00:00:00.000Z' }],
  activatedadditionalslots: [{ id: 12, name: '5 Slots', count: 5, type: 'normal', expiry_date: '2031-04-01T00:00:00.000Z' }],
};
const bob = { ...ann, user_id: 8, username: 'bob', email: 'bob@example.com', activatedadditionalhits: [], activatedadditionalslots: [] };

/** The query strings of every GET admin/activated-addons, in order. */
function pageRequests() {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/activated-addons')
    .map((url) => Object.fromEntries(url.searchParams));
}

async function openDetails(replies: Parameters<typeof openAsAdmin>[1] = {}) {
  const view = await openAsAdmin('/managesubscriptions', { 'GET /admin/activated-addons': ok({ total: 2, rows: [ann, bob] }), ...replies });
  await screen.findByRole('table', { name: 'Package details' });
  return view;
}

const annRow = async () => (await screen.findByText(emailText('ann@example.com'))).closest('tr')!;

describe('PackageDetailsPage (/managesubscriptions)', () => {
  it("shows each user's additional hits and slots with expiry dates, 5 rows a page", async () => {
    await openDetails();
    const row = await annRow();
    const hits = within(row).getByRole('list', { name: 'Additional hits of ann' });
    expect(hits).toHaveTextContent('1000 Hits');
    expect(hits).toHaveTextContent(
      `Expires ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2031-03-01T00:00:00.000Z'))}`,
    );
    expect(within(row).getByRole('list', { name: 'Additional slots of ann' })).toHaveTextContent('5 Slots');
    expect(within((await screen.findByText(emailText('bob@example.com'))).closest('tr')!).getAllByText('None')).toHaveLength(2);
    expect(pageRequests()[0]).toEqual({ page: '0', size: '5', search: '' });
  });

  it("cancels on No with 'Package delete cancelled by user'", async () => {
    const { api } = await openDetails();
    await user.click(within(await annRow()).getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm to submit' });
    expect(dialog).toHaveTextContent('Are you sure to do this.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));

    expect(toasts.info).toHaveBeenCalledWith(MSG.deleteCancelled);
    expect(await screen.findByText(MSG.deleteCancelled)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('deletes an activated slot add-on on Yes, says so and reloads the table', async () => {
    const { api } = await openDetails({ 'DELETE /activated-additional-slots/12': ok() });
    const before = pageRequests().length;
    await user.click(
      within(within(await annRow()).getByRole('list', { name: 'Additional slots of ann' })).getByRole('button', { name: 'Delete' }),
    );
    api.reply('GET /admin/activated-addons', ok({ total: 2, rows: [{ ...ann, activatedadditionalslots: [] }, bob] }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.addonDeleted));
    expect(api.callsTo('DELETE /activated-additional-slots/12')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByText(emailText('ann@example.com')).closest('tr')!).queryByText('5 Slots')).not.toBeInTheDocument(),
    );
    expect(pageRequests().length).toBeGreaterThan(before);
  });

  it('sends a hits add-on to the hits endpoint and reports a failure', async () => {
    const { api } = await openDetails({ 'DELETE /activated-additional-hits/11': fail(500, 'INTERNAL', 'Internal error') });
    await user.click(
      within(within(await annRow()).getByRole('list', { name: 'Additional hits of ann' })).getByRole('button', { name: 'Delete' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.addonDeleteFailed));
    expect(api.callsTo('DELETE /activated-additional-hits/11')).toHaveLength(1);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('searches on the server once typing pauses, and pages with 5, 10 or all rows', async () => {
    const { api } = await openDetails({ 'GET /admin/activated-addons': ok({ total: 12, rows: [ann, bob] }) });
    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(pageRequests().at(-1)).toEqual({ page: '1', size: '5', search: '' }));

    api.reply('GET /admin/activated-addons', ok({ total: 0, rows: [] }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zed');
    expect(await screen.findByText('No users match "zed".')).toBeInTheDocument();
    expect(pageRequests().filter((query) => query.search !== '')).toEqual([{ page: '0', size: '5', search: 'zed' }]);

    api.reply('GET /admin/activated-addons', ok({ total: 2, rows: [ann, bob] }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(await screen.findByRole('combobox', { name: /rows per page/i }));
    const sizes = await screen.findByRole('listbox');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', 'All']);
    await user.click(within(sizes).getByRole('option', { name: 'All' }));
    await waitFor(() => expect(pageRequests().at(-1)).toEqual({ page: '0', size: '1000', search: '' }));
  });

  it('says when no user has an activated add-on', async () => {
    await openDetails({ 'GET /admin/activated-addons': ok({ total: 0, rows: [] }) });
    expect(await screen.findByText('No user has an activated add-on.')).toBeInTheDocument();
  });
});
