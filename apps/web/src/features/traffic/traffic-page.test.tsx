import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { PENDING_PURCHASE_KEYS } from '../../lib/pending-purchase.ts';
import { basic, captureFormSubmits, hits1000, makeCheckout, sandboxConfig, seoHits500, slots5 } from '../../test/catalogue-fixtures.ts';
import { fakeApi, fail, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { findToast } from '../../test/find-toast.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first screen of a file loads its lazy route chunk, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

const customer = makeUser({ status: 'ACTIVE', package: basic, subscription_expiry_date: '2999-01-01T00:00:00.000Z' });

function showTraffic(path: string, user = customer) {
  storeSignedIn(user);
  const api = fakeApi({
    [`POST /users/load/${user.email}`]: ok(user),
    'GET /additional-hits': ok([hits1000, seoHits500]),
    'GET /additional-slots': ok([slots5]),
    'GET /config': ok(sandboxConfig),
  });
  return { api, ...renderApp(path) };
}

const section = (name: string) => screen.findByRole('region', { name });

describe('TrafficPage', () => {
  it('keeps visitors out', async () => {
    const { router } = renderApp('/traffic');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the first type's add-ons in 'Purchase Extra Hits' and 'Purchase Extra Slots', each with its price, name and both buttons", async () => {
    showTraffic('/traffic');
    const hits = await section('Purchase Extra Hits');
    expect(within(hits).getByRole('heading', { level: 2, name: 'Purchase Extra Hits' })).toBeInTheDocument();
    const hitsCard = await within(hits).findByRole('article', { name: '1000 Extra Hits' });
    expect(within(hitsCard).getByText('$4.99')).toBeInTheDocument();
    expect(within(hitsCard).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(await within(hitsCard).findByRole('button', { name: 'PayPal' })).toBeEnabled();
    expect(within(hits).queryByRole('article', { name: '500 Extra SEO Hits' })).not.toBeInTheDocument();

    const slots = screen.getByRole('region', { name: 'Purchase Extra Slots' });
    expect(within(slots).getByRole('article', { name: '5 Extra Slots' })).toHaveTextContent('$4.99');
    expect(screen.getByRole('tab', { name: 'Normal' })).toHaveAttribute('aria-selected', 'true');
  });

  it('switches type with the tabs and says when a kind has nothing for that type', async () => {
    const { router } = showTraffic('/traffic/normal');
    await section('Purchase Extra Hits');
    await userEvent.click(screen.getByRole('tab', { name: 'SEO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/traffic/seo'));
    expect(await screen.findByRole('article', { name: '500 Extra SEO Hits' })).toBeInTheDocument();
    const slots = screen.getByRole('region', { name: 'Purchase Extra Slots' });
    expect(within(slots).getByText('No extra slots for SEO packages are available right now.')).toBeInTheDocument();
    // This customer has only a normal package.
    expect(screen.getByText(/You have no SEO package yet/)).toBeInTheDocument();
  });

  it("Buy Now stores the add-on purchase in the product's shape and posts the form", async () => {
    const { api } = showTraffic('/traffic/normal');
    const checkout = makeCheckout({
      items: '5 Extra Slots',
      amount: '4.99',
      custom_1: 'slots',
      custom_2: '5Slots',
      recurrence: undefined,
      duration: undefined,
      return_url: 'http://localhost:3000/purchaseaddon',
      orderUUID: 'order-5slots',
      order_id: 'order-5slots',
    });
    api.reply('POST /orders', { status: 201, body: checkout });
    const submitted = captureFormSubmits();

    const card = await screen.findByRole('article', { name: '5 Extra Slots' });
    await userEvent.click(within(card).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(api.callsTo('POST /orders')[0]?.body).toEqual({ kind: 'slots', id: '5Slots' });
    expect(submitted[0]!.getAttribute('action')).toBe(checkout.action);
    expect(JSON.parse(localStorage.getItem(PENDING_PURCHASE_KEYS.addon)!)).toEqual({
      name: '5 Extra Slots',
      additional_id: '5Slots',
      user_id: customer.id,
      token: 'order-5slots',
      type: 'Slots',
    });
  });

  it('pays with the sandbox PayPal dialog: create, approve, capture, then the success toast and /home', async () => {
    const { api, router } = showTraffic('/traffic/normal');
    const after = { ...customer, stats: { ...customer.stats, normal: { ...customer.stats.normal, availableHits: 2000 } } };
    api.reply('POST /payments/paypal/orders', { status: 201, body: { id: 'PAYPAL123', orderUUID: 'order-1' } });
    api.reply('POST /sandbox/paypal/orders/PAYPAL123/approve', ok({ id: 'PAYPAL123', status: 'APPROVED' }));
    api.reply('POST /payments/paypal/orders/PAYPAL123/capture', () => {
      api.reply(`POST /users/load/${customer.email}`, ok(after));
      return ok({ status: 'COMPLETED', message: MSG.paypalSuccess, orderUUID: 'order-1' });
    });

    const card = await screen.findByRole('article', { name: '1000 Extra Hits' });
    await userEvent.click(await within(card).findByRole('button', { name: 'PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'PayPal checkout' });
    expect(dialog).toHaveTextContent('1000 Extra Hits');
    expect(dialog).toHaveTextContent('$4.99 USD');
    expect(api.callsTo('POST /payments/paypal/orders')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay with PayPal (sandbox)' }));
    expect(await findToast(MSG.paypalSuccess)).toHaveClass('Toastify__toast--success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));

    const sequence = api.calls.map((call) => `${call.method} ${call.path}`).filter((key) => /paypal/.test(key));
    expect(sequence).toEqual([
      'POST /payments/paypal/orders',
      'POST /sandbox/paypal/orders/PAYPAL123/approve',
      'POST /payments/paypal/orders/PAYPAL123/capture',
    ]);
    expect(api.callsTo('POST /payments/paypal/orders')[0]?.body).toEqual({ kind: 'hits', id: '1000Hits' });
    // Our token never goes to the (sandbox) PayPal side.
    expect(api.callsTo('POST /sandbox/paypal/orders/PAYPAL123/approve')[0]?.authorization).toBeNull();
    // The user was loaded again after the payment.
    expect(api.callsTo(`POST /users/load/${customer.email}`).length).toBeGreaterThan(1);
  });

  it('keeps the dialog open with the reason when PayPal declines, so the buyer can try again', async () => {
    const { api, router } = showTraffic('/traffic/normal');
    api.reply('POST /payments/paypal/orders', { status: 201, body: { id: 'PAYPAL9', orderUUID: 'order-9' } });
    api.reply('POST /sandbox/paypal/orders/PAYPAL9/approve', ok({ id: 'PAYPAL9', status: 'APPROVED' }));
    api.reply(
      'POST /payments/paypal/orders/PAYPAL9/capture',
      fail(402, 'PAYMENT', 'Your card was declined. Please choose another way to pay.'),
    );

    await userEvent.click(
      await within(await screen.findByRole('article', { name: '1000 Extra Hits' })).findByRole('button', { name: 'PayPal' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'PayPal checkout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay with PayPal (sandbox)' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined. Please choose another way to pay.');
    expect(within(dialog).getByRole('button', { name: 'Pay with PayPal (sandbox)' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/traffic/normal');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'PayPal checkout' })).not.toBeInTheDocument());
    expect(screen.queryByText(MSG.paypalSuccess)).not.toBeInTheDocument();
  });
});
