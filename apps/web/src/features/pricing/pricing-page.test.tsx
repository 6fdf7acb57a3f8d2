import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { CHECKOUT_FIELD_ORDER } from '@traffic/shared/schemas/payments.schema';
import { PENDING_PURCHASE_KEYS } from '../../lib/pending-purchase.ts';
import { basic, captureFormSubmits, makeCheckout, sandboxConfig, seoStarter, standard } from '../../test/catalogue-fixtures.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The first screen of a file loads its lazy route chunk, which takes a while on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  vi.restoreAllMocks();
  act(() => toast.dismiss());
});

const catalogue = { 'GET /packages': ok([basic, standard, seoStarter]), 'GET /config': ok(sandboxConfig) };

function signedIn(user = makeUser({ status: 'ACTIVE' })) {
  storeSignedIn(user);
  return { user, api: fakeApi({ ...catalogue, [`POST /users/load/${user.email}`]: ok(user) }) };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('PricingPage', () => {
  it('shows the first type by default, one card per package with its price per month, figures and description', async () => {
    fakeApi(catalogue);
    renderApp('/pricing');

    const basicCard = await card('Basic');
    expect(basicCard).toHaveTextContent('$14.99/ month');
    expect(within(basicCard).getByText('Hits per day').nextSibling).toHaveTextContent('1,000');
    expect(within(basicCard).getByText('Slots').nextSibling).toHaveTextContent('6');
    const includes = within(basicCard).getByRole('list', { name: 'Basic includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1,000 hits per day', '6 website slots']);
    expect(within(basicCard).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
    expect(within(basicCard).getByRole('button', { name: 'PayPal' })).toBeEnabled();

    expect(screen.getByRole('article', { name: 'Standard' })).toHaveTextContent('$44.99/ month');
    expect(screen.queryByRole('article', { name: 'SEO Starter' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Normal' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the tab in the URL and shows that type only', async () => {
    fakeApi(catalogue);
    const { router } = renderApp('/pricing/normal');
    await card('Basic');

    await userEvent.click(screen.getByRole('tab', { name: 'SEO' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing/seo'));
    expect(await card('SEO Starter')).toHaveTextContent('$19.99/ month');
    expect(screen.queryByRole('article', { name: 'Basic' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'SEO' })).toHaveAttribute('aria-selected', 'true');
  });

  it("marks the customer's running package and warns on every other card that buying it replaces that one", async () => {
    const end = new Date(Date.now() + 10 * 86_400_000);
    const { api } = signedIn(makeUser({ status: 'ACTIVE', package: standard, subscription_expiry_date: end.toISOString() }));
    api.reply(
      'GET /billing/change/pkgBasic',
      ok({
        packageId: 'pkgBasic',
        packageName: 'Basic',
        type: 'normal',
        totalHits: 1000,
        totalSlots: 6,
        activeHits: 1900,
        activeWebsites: 2,
        pausing: [{ id: 2, url: 'https://b.example.com', dailyHitLimit: 900 }],
      }),
    );
    renderApp('/pricing/normal');
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(end);
    const mine = await card('Standard');
    expect(within(mine).getByText('Your plan')).toBeInTheDocument();
    expect(mine).toHaveTextContent(`Your package runs until ${until}; buying it again adds a month.`);
    expect(within(mine).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    const other = await card('Basic');
    expect(other).toHaveTextContent('Replaces your Standard package from today, with fewer hits or slots.');
    expect(within(other).queryByText('Your plan')).toBeNull();
    // A cheaper package is a downgrade, confirmed in a step that states the whole rule and names the websites that pause.
    await userEvent.click(within(other).getByRole('button', { name: 'Downgrade' }));
    const step = await screen.findByRole('dialog', { name: 'Downgrade to Basic' });
    expect(step).toHaveTextContent(
      `Basic replaces your Standard package (paid until ${until}) from today. When this payment succeeds, Basic runs a month from today and renews monthly; Standard stops renewing, and its unused days are not refunded.`,
    );
    const pausing = await within(step).findByRole('list', { name: 'Websites that will pause' });
    expect(
      within(pausing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['https://b.example.com (900 hits a day)']);
    expect(within(step).getByRole('button', { name: 'Pay by card and downgrade' })).toBeEnabled();
    expect(within(step).getByRole('button', { name: 'PayPal' })).toBeEnabled();
    await userEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers a subscriber of a cheaper package an Upgrade instead of Buy Now', async () => {
    const end = new Date(Date.now() + 10 * 86_400_000);
    signedIn(makeUser({ status: 'ACTIVE', package: basic, subscription_expiry_date: end.toISOString() }));
    renderApp('/pricing/normal');
    const dearer = await card('Standard');
    expect(within(dearer).getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(within(dearer).queryByRole('button', { name: 'Buy Now' })).toBeNull();
  });

  it('shows the description as text only, never as markup', async () => {
    const hostile = {
      ...basic,
      description: '<ul><li>Fast <b>start</b></li><li><img src=x onerror="alert(1)">Safe</li></ul><script>alert(2)</script>',
    };
    fakeApi({ ...catalogue, 'GET /packages': ok([hostile]) });
    renderApp('/pricing/normal');
    const includes = within(await card('Basic')).getByRole('list', { name: 'Basic includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fast start', 'Safe']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.body.innerHTML).not.toContain('<b>start</b>');
  });

  it("Buy Now opens the order on the server, stores the pending purchase, and posts the server's fields to its action", async () => {
    const { user, api } = signedIn();
    const checkout = makeCheckout();
    api.reply('POST /orders', { status: 201, body: checkout });
    const submitted = captureFormSubmits();
    renderApp('/pricing/normal');

    await userEvent.click(within(await card('Basic')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitted).toHaveLength(1));

    expect(api.callsTo('POST /orders')[0]?.body).toEqual({ kind: 'package', id: 'pkgBasic' });
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe(checkout.action);
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    expect(inputs.map((input) => input.name)).toEqual([...CHECKOUT_FIELD_ORDER]);
    expect(Object.fromEntries(inputs.map((input) => [input.name, input.value]))).toMatchObject({
      merchant_id: checkout.merchant_id,
      order_id: checkout.order_id,
      amount: '14.99',
      currency: 'USD',
      hash: checkout.hash,
      recurrence: '1 Month',
    });
    expect(JSON.parse(localStorage.getItem(PENDING_PURCHASE_KEYS.package)!)).toEqual({
      pkg: 'pkgBasic',
      name: 'Basic',
      email: user.email,
      uuid: checkout.orderUUID,
      type: 'PACKAGE',
    });
    // The browser is leaving: the button stays busy.
    expect(within(screen.getByRole('article', { name: 'Basic' })).getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  });

  it('leaves out the optional fields the server did not set', async () => {
    const { api } = signedIn();
    api.reply('POST /orders', { status: 201, body: makeCheckout({ recurrence: undefined, duration: undefined }) });
    const submitted = captureFormSubmits();
    renderApp('/pricing/normal');
    await userEvent.click(within(await card('Basic')).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    const names = Array.from(submitted[0]!.querySelectorAll('input'), (input) => input.name);
    expect(names).not.toContain('recurrence');
    expect(names).not.toContain('duration');
  });

  it('offers a deactivated account no checkout and says to contact support', async () => {
    signedIn(makeUser({ status: 'DEACTIVATED' }));
    renderApp('/pricing/normal');
    const basicCard = await card('Basic');
    expect(within(basicCard).queryByRole('button')).toBeNull();
    expect(screen.getByText(MSG.purchasesClosedDeactivated)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it("shows the server's refusal under the buttons when an order is refused, and keeps nothing pending", async () => {
    const { api } = signedIn();
    api.reply('POST /orders', fail(409, 'CONFLICT', MSG.purchasesClosedDeactivated));
    const submitted = captureFormSubmits();
    renderApp('/pricing/normal');
    const basicCard = await card('Basic');
    await userEvent.click(within(basicCard).getByRole('button', { name: 'Buy Now' }));
    expect(await within(basicCard).findByRole('alert')).toHaveTextContent(MSG.purchasesClosedDeactivated);
    expect(submitted).toHaveLength(0);
    expect(localStorage.getItem(PENDING_PURCHASE_KEYS.package)).toBeNull();
    expect(within(basicCard).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
  });

  it("sends a visitor's Buy Now to /login, and back to this pricing page after signing in", async () => {
    const user = makeUser({ status: 'ACTIVE' });
    const api = fakeApi({
      ...catalogue,
      'POST /users/login': ok({ token: 't1', data: user }),
      [`POST /users/load/${user.email}`]: ok(user),
    });
    const { router } = renderApp('/pricing/seo');
    await userEvent.click(within(await card('SEO Starter')).getByRole('button', { name: 'Buy Now' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fpricing%2Fseo');
    expect(api.callsTo('POST /orders')).toHaveLength(0);

    await userEvent.type(await screen.findByLabelText('Email or Username'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing/seo'));
    expect(await card('SEO Starter')).toBeInTheDocument();
  });

  it('shows an error with a working Retry when the packages cannot be loaded', async () => {
    let answer = fail(500, 'INTERNAL', 'boom');
    fakeApi({ ...catalogue, 'GET /packages': () => answer });
    renderApp('/pricing/normal');
    expect(await screen.findByRole('alert')).toHaveTextContent('The packages could not be loaded.');

    answer = ok([basic]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Basic')).toBeInTheDocument();
  });

  it('says so when a type has no packages', async () => {
    fakeApi({ ...catalogue, 'GET /packages': ok([basic]) });
    renderApp('/pricing/seo');
    expect(await screen.findByText('No SEO packages are available right now.')).toBeInTheDocument();
  });

  it('sends an unknown type back to /pricing', async () => {
    fakeApi(catalogue);
    const { router } = renderApp('/pricing/gold');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(await card('Basic')).toBeInTheDocument();
  });
});
