import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { decodeText } from './decode-notification.ts';

const notifications = [
  {
    title: encodeURIComponent('Older news'),
    body: encodeURIComponent('Maintenance on Sunday & Monday'),
    date: '2024-01-05T10:00:00.000Z',
  },
  {
    title: encodeURIComponent('Your package is active'),
    body: encodeURIComponent('Basic: 1000 hits/day, 100% delivered'),
    date: '2024-03-01T09:30:00.000Z',
  },
];

const customer = makeUser({ notifications });
const LOAD = `POST /users/load/${customer.email}`;
const CLEAR = `POST /users/clear-notifications/${customer.email}`;

async function openBell() {
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2)' }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  it('counts the notifications and lists them decoded, newest first, with their dates', async () => {
    storeSignedIn(customer);
    fakeApi({ [LOAD]: ok(customer) });
    renderApp('/home');

    const panel = await openBell();
    const items = within(within(panel).getByRole('list', { name: 'Notification list' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Your package is active');
    expect(items[0]).toHaveTextContent('Basic: 1000 hits/day, 100% delivered');
    expect(items[1]).toHaveTextContent('Older news');
    expect(items[1]).toHaveTextContent('Maintenance on Sunday & Monday');
    expect(within(items[0]!).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      '2024-03-01T09:30:00.000Z',
    );
  });

  it('clears the notifications on the server and shows the refreshed user', async () => {
    storeSignedIn(customer);
    const api = fakeApi({ [LOAD]: ok(customer), [CLEAR]: ok() });
    renderApp('/home');
    const panel = await openBell();
    api.reply(LOAD, ok({ ...customer, notifications: [] }));

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));

    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(api.callsTo(CLEAR)).toHaveLength(1);
    expect(api.callsTo(LOAD)).toHaveLength(2);
    // The open panel hides the page from assistive tech; the badge is still there behind it.
    // Its text says the same as its name: no number left over from before the clear (axe's
    // label-content-name-mismatch caught MUI's Badge showing the old count while it hid).
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).not.toHaveTextContent(/\d/);
  });

  it('shows nothing when clearing fails and keeps the list', async () => {
    storeSignedIn(customer);
    const api = fakeApi({ [LOAD]: ok(customer), [CLEAR]: fail(500, 'INTERNAL', 'Database unavailable') });
    renderApp('/home');
    const panel = await openBell();

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));

    await waitFor(() => expect(api.callsTo(CLEAR)).toHaveLength(1));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Clear' })).toBeEnabled());
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('decodeText', () => {
  it('reads both %20 and + as spaces, a %2B as a plus, and keeps malformed text as it came', () => {
    expect(decodeText('Hello%20world')).toBe('Hello world');
    expect(decodeText('Hello+world')).toBe('Hello world');
    expect(decodeText('1%2B1')).toBe('1+1');
    expect(decodeText('100%')).toBe('100%');
  });
});
