import type { ReactNode } from 'react';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { basic } from '../../test/catalogue-fixtures.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first screen of a file loads its lazy route chunk, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

interface FakeButtonsProps {
  createOrder?: () => Promise<string>;
  createSubscription?: () => Promise<string>;
  onApprove: (data: { orderID: string; subscriptionID?: string }, actions: { restart: () => void }) => Promise<void>;
}

const sdk = vi.hoisted(() => ({ options: [] as unknown[], restart: vi.fn() }));

// PayPal's script cannot load here; this stands in for its button and window, calling our handlers as PayPal would.
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: unknown; children: ReactNode }) => {
    sdk.options.push(options);
    return children;
  },
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false }],
  PayPalButtons: ({ createOrder, createSubscription, onApprove }: FakeButtonsProps) => (
    <button
      type="button"
      onClick={async () => {
        // As PayPal's SDK: a subscription's approval carries its id (and an order id of its own).
        if (createSubscription) {
          const subscriptionID = await createSubscription().catch(() => null);
          if (subscriptionID) await onApprove({ orderID: 'SUBSCRIPTION-ORDER', subscriptionID }, { restart: sdk.restart });
          return;
        }
        const orderID = await createOrder!().catch(() => null);
        if (orderID) await onApprove({ orderID }, { restart: sdk.restart });
      }}
    >
      PayPal SDK button
    </button>
  ),
}));

afterEach(() => {
  sdk.options.length = 0;
  sdk.restart.mockReset();
  act(() => toast.dismiss());
});

function openPricing() {
  const user = makeUser({ status: 'ACTIVE' });
  storeSignedIn(user);
  const api = fakeApi({
    [`POST /users/load/${user.email}`]: ok(user),
    'GET /packages': ok([basic]),
    'GET /config': ok({ paymentsMode: 'live', paypalClientId: 'live-client-id', currency: 'USD' }),
  });
  return { api, ...renderApp('/pricing/normal') };
}

describe('PayPal in live mode', () => {
  it("loads PayPal's SDK for a subscription, subscribes and confirms on our server, then the success toast and /home", async () => {
    const { api, router } = openPricing();
    api.reply('POST /payments/paypal/subscriptions', { status: 201, body: { id: 'I-LIVE1', orderUUID: 'order-1' } });
    api.reply(
      'POST /payments/paypal/subscriptions/I-LIVE1/confirm',
      ok({ status: 'COMPLETED', message: 'Your subscription is active.', orderUUID: 'order-1' }),
    );

    const card = await screen.findByRole('article', { name: 'Basic' });
    await userEvent.click(await within(card).findByRole('button', { name: 'PayPal SDK button' }));

    expect(await findToast(MSG.paypalSuccess)).toHaveClass('Toastify__toast--success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(sdk.options[0]).toEqual({ clientId: 'live-client-id', vault: true, intent: 'subscription' });
    expect(api.callsTo('POST /payments/paypal/subscriptions')[0]?.body).toEqual({ id: 'pkgBasic' });
    expect(api.callsTo('POST /payments/paypal/subscriptions/I-LIVE1/confirm')).toHaveLength(1);
    expect(api.callsTo('POST /payments/paypal/orders')).toHaveLength(0);
    expect(api.calls.some((call) => call.path.startsWith('/sandbox'))).toBe(false);
  });

  it('shows a declined payment under the buttons and sends the buyer back to PayPal', async () => {
    const { api, router } = openPricing();
    api.reply('POST /payments/paypal/subscriptions', { status: 201, body: { id: 'I-LIVE2', orderUUID: 'order-2' } });
    api.reply(
      'POST /payments/paypal/subscriptions/I-LIVE2/confirm',
      fail(402, 'PAYMENT', 'Your card was declined. Please choose another way to pay.'),
    );

    const card = await screen.findByRole('article', { name: 'Basic' });
    await userEvent.click(await within(card).findByRole('button', { name: 'PayPal SDK button' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Your card was declined. Please choose another way to pay.');
    expect(sdk.restart).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/pricing/normal');
  });
});
