import { configure, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

configure({ asyncUtilTimeout: 5_000 });

const EXPIRES = '2026-12-25T10:00:00.000Z';
const renewing = {
  type: 'normal',
  state: 'renewing',
  packageId: 'pkgBasic',
  packageName: 'Basic',
  expiresAt: EXPIRES,
  gateway: 'paypal',
  nextCharge: { amount: '14.99', currency: 'USD' },
  canCancel: true,
};
const noSeo = {
  type: 'seo',
  state: 'none',
  packageId: null,
  packageName: null,
  expiresAt: null,
  gateway: null,
  nextCharge: null,
  canCancel: false,
};

function open(overview: unknown, history: unknown = { total: 0, rows: [] }) {
  const user = makeUser({ status: 'ACTIVE' });
  storeSignedIn(user);
  const api = fakeApi({
    [`POST /users/load/${user.email}`]: ok(user),
    'GET /billing': ok(overview),
    'GET /billing/history': ok(history),
  });
  return { api, ...renderApp('/billing') };
}

describe('/billing', () => {
  it('says when each type renews, and how to start one that has no package', async () => {
    open({ types: [renewing, noSeo] });
    const normal = await screen.findByRole('region', { name: 'Normal package' });
    expect(normal).toHaveTextContent('Basic');
    expect(normal).toHaveTextContent(/Renews on .*2026 for \$14\.99, paid by PayPal\./);
    expect(normal.textContent).not.toContain('((');
    const seo = screen.getByRole('region', { name: 'SEO package' });
    expect(seo).toHaveTextContent('You have no SEO package.');
    expect(within(seo).getByRole('link', { name: 'See the packages' })).toHaveAttribute('href', '/pricing/seo');
    expect(await screen.findByText('No payments yet')).toBeInTheDocument();
  });

  it('cancels the renewal only after the customer confirms, then says the package stays until its date', async () => {
    const { api } = open({ types: [renewing, noSeo] });
    api.reply('POST /billing/normal/cancel', ok({ types: [{ ...renewing, state: 'cancelled', canCancel: false }, noSeo] }));
    const normal = await screen.findByRole('region', { name: 'Normal package' });
    await userEvent.click(within(normal).getByRole('button', { name: 'Cancel automatic renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel automatic renewal?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep renewal' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(api.callsTo('POST /billing/normal/cancel')).toHaveLength(0);

    await userEvent.click(await within(normal).findByRole('button', { name: 'Cancel automatic renewal' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel renewal' }));
    expect(await within(normal).findByText(/Automatic renewal is cancelled; the package ends on/)).toBeInTheDocument();
    expect(within(normal).queryByRole('button', { name: 'Cancel automatic renewal' })).toBeNull();
    expect(api.callsTo('POST /billing/normal/cancel')).toHaveLength(1);
  });

  it('lists the history with a receipt button for each payment, and says so when it cannot load', async () => {
    open(
      { types: [renewing, noSeo] },
      {
        total: 2,
        rows: [
          {
            id: 'r-7',
            kind: 'renewal',
            date: EXPIRES,
            item: 'Basic',
            amount: '14.99',
            currency: 'USD',
            gateway: 'paypal',
            status: 'paid',
            hasReceipt: true,
          },
          {
            id: 'o-1',
            kind: 'grant',
            date: EXPIRES,
            item: 'Gold',
            amount: '0.00',
            currency: 'USD',
            gateway: 'grant',
            status: 'granted',
            hasReceipt: false,
          },
        ],
      },
    );
    const table = await screen.findByRole('table', { name: 'Billing history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Renewal: Basic');
    expect(within(rows[1]!).getByRole('button', { name: /Download the receipt for Basic/ })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
  });

  it('turns billing reminders off from the page, and says so', async () => {
    const { api } = open({ types: [renewing, noSeo] });
    api.reply('GET /billing/reminders', ok({ enabled: true }));
    api.reply('PUT /billing/reminders', ok({ enabled: false }));
    const reminders = await screen.findByRole('switch', { name: 'Billing reminders' });
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    expect(await screen.findByText('Billing reminders are off.')).toBeInTheDocument();
    expect(api.callsTo('PUT /billing/reminders')[0]?.body).toEqual({ enabled: false });
    expect(reminders).not.toBeChecked();
  });

  it('offers a retry when the packages cannot be loaded', async () => {
    const user = makeUser({ status: 'ACTIVE' });
    storeSignedIn(user);
    fakeApi({
      [`POST /users/load/${user.email}`]: ok(user),
      'GET /billing': fail(503, 'UNAVAILABLE', 'down'),
      'GET /billing/history': ok({ total: 0, rows: [] }),
    });
    renderApp('/billing');
    expect(await screen.findByText('Your packages could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
