import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { PENDING_PURCHASE_KEYS, pendingPackage } from '../../lib/pending-purchase.ts';
import { basic } from '../../test/catalogue-fixtures.ts';
import { fail, fakeApi, ok, type FakeResponse } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { findToast } from '../../test/find-toast.ts';
import { renderApp } from '../../test/render-app.tsx';
import { CONFIRM_RETRY, NOT_CONFIRMED_MESSAGE } from './confirm-with-retry.ts';

// The first screen of a file loads its lazy route chunk, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

const timing = { ...CONFIRM_RETRY };
beforeEach(() => {
  // The real wait is 30 s in steps of 2 s; the same rule, faster.
  Object.assign(CONFIRM_RETRY, { intervalMs: 20, timeoutMs: 300 });
});
afterEach(() => {
  Object.assign(CONFIRM_RETRY, timing);
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

const customer = makeUser();
const bought = makeUser({ status: 'ACTIVE', package: basic, subscription_expiry_date: '2999-01-01T00:00:00.000Z' });
const notConfirmed = fail(402, 'PAYMENT', NOT_CONFIRMED_MESSAGE);

function openPurchase(replies: FakeResponse[]) {
  storeSignedIn(customer);
  pendingPackage.save({ pkg: 'pkgBasic', name: 'Basic', email: customer.email, uuid: 'order-1' });
  let call = 0;
  const api = fakeApi({
    [`POST /users/load/${customer.email}`]: ok(customer),
    'POST /users/addPackage': () => replies[Math.min(call++, replies.length - 1)]!,
  });
  return { api, ...renderApp('/purchase?order_id=order-1') };
}

describe('PurchasePage', () => {
  it('finalizes the pending package, keeps the fresh user, says so, forgets the record and opens /home', async () => {
    const { api, router } = openPurchase([ok(bought)]);
    expect(await findToast(MSG.purchaseSuccess)).toHaveClass('Toastify__toast--success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));

    expect(api.callsTo('POST /users/addPackage')).toHaveLength(1);
    expect(api.callsTo('POST /users/addPackage')[0]?.body).toEqual({
      pkg: 'pkgBasic',
      name: 'Basic',
      email: customer.email,
      uuid: 'order-1',
    });
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.package)).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!).package.id).toBe('pkgBasic');
    expect(await screen.findByRole('region', { name: 'Normal package' })).toHaveTextContent('Basic');
  });

  it('waits while the payment is not confirmed yet, showing so, then succeeds', async () => {
    const { api, router } = openPurchase([notConfirmed, notConfirmed, ok(bought)]);
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByText(/Waiting for the payment provider to confirm your payment for Basic/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(3);
    expect(await findToast(MSG.purchaseSuccess)).toHaveClass('Toastify__toast--success');
  });

  it('gives up after the wait with the failure toast, keeping the record so Try again can finish later', async () => {
    const { api, router } = openPurchase([notConfirmed]);
    expect(await findToast(MSG.packagePurchaseFailed)).toHaveClass('Toastify__toast--error');
    expect(screen.getByRole('heading', { name: 'Your purchase could not be confirmed' })).toBeInTheDocument();
    const tries = api.callsTo('POST /users/addPackage').length;
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(router.state.location.pathname).toBe('/purchase');
    expect(pendingPackage.read()?.uuid).toBe('order-1');

    api.reply('POST /users/addPackage', ok(bought));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(pendingPackage.read()).toBeNull();
  });

  it('fails at once, and forgets the record, when the order can never be confirmed', async () => {
    const { api } = openPurchase([fail(404, 'NOT_FOUND', 'No such order.')]);
    expect(await findToast(MSG.packagePurchaseFailed)).toHaveClass('Toastify__toast--error');
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.package)).toBeNull();
  });

  it('sends a signed-out visitor to /login, to come back here afterwards', async () => {
    pendingPackage.save({ pkg: 'pkgBasic', name: 'Basic', email: customer.email, uuid: 'order-1' });
    const api = fakeApi({});
    const { router } = renderApp('/purchase?order_id=order-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/purchase?order_id=order-1');
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(0);
  });

  it('stays open to a visitor with nothing pending', async () => {
    const api = fakeApi({});
    const { router } = renderApp('/purchase');
    expect(await screen.findByRole('heading', { name: 'No purchase to confirm' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/purchase');
    expect(api.calls).toHaveLength(0);
  });

  it('says there is nothing to confirm when no purchase is pending', async () => {
    storeSignedIn(customer);
    const api = fakeApi({ [`POST /users/load/${customer.email}`]: ok(customer) });
    renderApp('/purchase');
    expect(await screen.findByRole('heading', { name: 'No purchase to confirm' })).toBeInTheDocument();
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(0);
  });
});
