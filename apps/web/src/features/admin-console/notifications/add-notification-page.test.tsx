import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../../test/fake-api.ts';
import { findToast } from '../../../test/find-toast.ts';
import { dismissToastsAfterEach, FIRST_LOAD, openAsAdmin, user } from '../admin-console-test-kit.ts';

dismissToastsAfterEach();
afterEach(() => vi.restoreAllMocks());
beforeAll(async () => {
  await import('./add-notification-page.tsx');
});

const ann = { id: 7, username: 'ann', fullName: 'Ann Lee' };
const annie = { id: 9, username: 'annie', fullName: 'Annie Hall' };
const SEARCH = 'POST /admin/search-users';

function openForm(replies: Parameters<typeof openAsAdmin>[1] = {}) {
  return openAsAdmin('/addNotifications', { [SEARCH]: ok([ann, annie]), ...replies });
}

async function fillText(title: string, description: string) {
  await user.type(await screen.findByLabelText('Notification Title', {}, FIRST_LOAD), title);
  await user.type(screen.getByLabelText('Description'), description);
}

const sendButton = () => screen.getByRole('button', { name: 'Send Notification' });

async function addRecipient(name: string, typed = 'ann') {
  const search = screen.getByRole('searchbox', { name: 'Sender Name' });
  if ((search as HTMLInputElement).value !== typed) {
    await user.clear(search);
    await user.type(search, typed);
  }
  await user.click(await screen.findByRole('button', { name: `Add ${name}` }, FIRST_LOAD));
}

describe('AddNotificationPage (/addNotifications)', () => {
  it('shows each missing field its own message and sends nothing', async () => {
    const { api } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Send Notification' }, FIRST_LOAD));
    expect(await screen.findByText(MSG.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.sendOptionRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Notification Title'), '   ');
    await user.type(screen.getByLabelText('Description'), 'Body');
    await user.click(sendButton());
    expect(await screen.findByText(MSG.titleRequired)).toBeInTheDocument();
    expect(screen.queryByText(MSG.descriptionRequired)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/admin/notify'))).toHaveLength(0);
  });

  it("alerts 'Please Select Participants' when Many has nobody chosen", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { api } = openForm();
    await fillText('Hello', 'Body');
    await user.click(screen.getByRole('radio', { name: 'Many' }));
    await user.click(sendButton());
    expect(alert).toHaveBeenCalledWith('Please Select Participants');
    expect(api.calls.filter((call) => call.path.startsWith('/admin/notify'))).toHaveLength(0);
  });

  it('sends to all customers as form fields, toasts Success and resets the form', async () => {
    const { api } = openForm({ 'POST /admin/notify/all': ok({ sent: 3 }) });
    await fillText('<b>Maintenance</b>', 'Sunday & Monday');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(sendButton());

    const toast = await findToast(MSG.notificationSent);
    expect(within(toast).getByText(MSG.notificationSentTitle).tagName).toBe('STRONG');
    expect(api.callsTo('POST /admin/notify/all')[0]?.body).toEqual({ title: '<b>Maintenance</b>', body: 'Sunday & Monday' });
    await waitFor(() => expect(screen.getByLabelText('Notification Title')).toHaveValue(''));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'All' })).not.toBeChecked();
  });

  it('searches users by name, adds and removes them, sends their ids, then empties the selection', async () => {
    const { api } = openForm({ 'POST /admin/notify/selected': ok({ sent: 1 }) });
    await fillText('Hi', 'Just you');
    await user.click(screen.getByRole('radio', { name: 'Many' }));

    await addRecipient('ann');
    expect(api.callsTo(SEARCH).at(-1)?.body).toEqual({ filters: JSON.stringify({ search: 'ann' }) });
    expect(screen.getByRole('button', { name: 'Add ann' })).toBeDisabled();
    await addRecipient('annie');
    const chosen = screen.getByRole('list', { name: /Sender Name List/ });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['annAnn Lee', 'annieAnnie Hall']);

    await user.click(within(chosen).getByRole('button', { name: 'Remove annie' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    await user.click(sendButton());

    await findToast(MSG.notificationSent);
    expect(api.callsTo('POST /admin/notify/selected')[0]?.body).toEqual({ title: 'Hi', body: 'Just you', userIds: '[7]' });
    await waitFor(() => expect(screen.getByLabelText('Notification Title')).toHaveValue(''));
    expect(screen.queryByRole('list', { name: /Sender Name List/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Many' }));
    expect(screen.getByRole('searchbox', { name: 'Sender Name' })).toHaveValue('');
    expect(screen.getByText('Nobody chosen yet: search for users and add them.')).toBeInTheDocument();
  });

  it('shows an empty list when the search fails', async () => {
    openForm({ [SEARCH]: fail(500, 'INTERNAL', 'boom') });
    await user.click(await screen.findByRole('radio', { name: 'Many' }, FIRST_LOAD));
    await user.type(screen.getByRole('searchbox', { name: 'Sender Name' }), 'zed');
    expect(await screen.findByText('No users match "zed".', {}, FIRST_LOAD)).toBeInTheDocument();
  });

  it("toasts 'Failed' and keeps what was typed when sending fails", async () => {
    openForm({ 'POST /admin/notify/all': fail(500, 'INTERNAL', 'boom') });
    await fillText('Hello', 'Body');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(sendButton());
    const toast = await findToast(MSG.notificationFailed);
    expect(within(toast).getByText(MSG.notificationFailedTitle).tagName).toBe('STRONG');
    expect(screen.getByLabelText('Notification Title')).toHaveValue('Hello');
  });
});
