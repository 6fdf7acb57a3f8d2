import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

configure({ asyncUtilTimeout: 5_000 });

const row = {
  id: 'o-11111111-1111-4111-8111-111111111111',
  kind: 'payment',
  date: '2026-11-20T10:00:00.000Z',
  userId: 7,
  email: 'buyer@example.com',
  item: 'Basic',
  amount: '14.99',
  currency: 'USD',
  gateway: 'card',
  status: 'paid',
  orderId: '11111111-1111-4111-8111-111111111111',
  refundBlocked: null,
};
const old = {
  ...row,
  id: 'r-9',
  kind: 'renewal',
  date: '2026-09-01T10:00:00.000Z',
  refundBlocked: 'Payments can be refunded within 30 days of the charge; this one was charged on September 1, 2026.',
};

function open(path = '/admin/payments') {
  const admin = makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
  storeSignedIn(admin);
  const api = fakeApi({
    [`POST /users/load/${admin.email}`]: ok(admin),
    'GET /admin/payments': ok({ total: 2, rows: [row, old] }),
  });
  return { api, ...renderApp(path) };
}

describe('/admin/payments', () => {
  it('lists payments, explains why an old one cannot be refunded, and refunds a recent one with a reason', async () => {
    const { api } = open('/admin/payments?search=buyer%40example.com');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(api.callsTo('GET /admin/payments')[0]?.query).toMatchObject({ search: 'buyer@example.com', page: '0' });
    const [, recent, past] = within(table).getAllByRole('row');
    expect(within(past!).getByRole('button', { name: /Refund/ })).toBeDisabled();
    expect(past).toHaveTextContent('charged on September 1, 2026');

    api.reply(`POST /admin/payments/${row.id}/refund`, ok({ ...row, status: 'refunded', refundBlocked: 'This payment was refunded.' }));
    await userEvent.click(within(recent!).getByRole('button', { name: 'Refund 14.99 USD to buyer@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Say why the payment is refunded.')).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/payments/${row.id}/refund`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Asked within a week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded 14.99 USD to buyer@example.com.')).toBeInTheDocument();
    expect(api.callsTo(`POST /admin/payments/${row.id}/refund`)[0]?.body).toEqual({ reason: 'Asked within a week' });
  });
});
