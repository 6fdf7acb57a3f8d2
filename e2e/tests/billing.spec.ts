import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { BillingOverview } from '@traffic/shared/schemas/billing.schema';
import {
  bearer,
  createWebsiteViaApi,
  loadUser,
  registerViaApi,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';
import { buyByCard, buyByPaypal, pathOf } from './support/checkout.ts';
import { clickMenuItem } from './support/menus.ts';

/*
 * /billing through the embedded gateways, as a customer lives it: buying by card and by PayPal,
 * the next charge date, a receipt that opens, a renewal PayPal charges, and cancelling it.
 */

async function overview(request: APIRequestContext, session: ApiSession): Promise<BillingOverview> {
  const res = await request.get('/api/billing', { headers: bearer(session) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as BillingOverview;
}

/** The customer's PayPal subscription at the sandbox (found by the buyer's email). */
async function paypalSubscriptionOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get('/sandbox/paypal/subscriptions', { headers: { accept: 'application/json' } });
  const { subscriptions } = (await res.json()) as { subscriptions: { id: string; email_address?: string; status: string }[] };
  const mine = subscriptions.find((s) => s.email_address === email && s.status === 'ACTIVE');
  expect(mine, `an active PayPal subscription for ${email}`).toBeTruthy();
  return mine!.id;
}

const longDate = (page: Page, iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(value)), iso);

test('a customer buys Basic by card and SEO Starter by PayPal, sees both renewing on /billing, and downloads a receipt that opens', async ({
  browser,
  baseURL,
  request,
}) => {
  const { session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await buyByCard(page, 'Basic');
  await buyByPaypal(page, 'seo', 'SEO Starter');

  await expect.poll(async () => (await overview(request, session)).types.map((t) => t.state)).toEqual(['renewing', 'renewing']);
  const [normal, seo] = (await overview(request, session)).types;
  await page.goto('/billing');
  const normalCard = page.getByRole('region', { name: 'Normal package' });
  await expect(normalCard).toContainText('Basic');
  await expect(normalCard).toContainText(`Renews on ${await longDate(page, normal!.expiresAt!)} for $14.99, paid by Card (PayHere).`);
  const seoCard = page.getByRole('region', { name: 'SEO package' });
  await expect(seoCard).toContainText('SEO Starter');
  await expect(seoCard).toContainText(`Renews on ${await longDate(page, seo!.expiresAt!)} for $19.99, paid by PayPal.`);

  const history = page.getByRole('table', { name: 'Billing history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('Payment: Basic');
  await expect(history).toContainText('Payment: SEO Starter');

  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: /Download the receipt for Basic/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^receipt-o-[0-9a-f-]+\.pdf$/);
  const pdf = await readFile((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.includes(Buffer.from('%%EOF'))).toBe(true);
  await context.close();
});

test('PayPal renews the package by a charge at the sandbox; after the customer cancels, PayPal charges no more and the package ends on its date', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await buyByPaypal(page, 'normal', 'Basic');
  await expect.poll(async () => (await overview(request, session)).types[0]!.state).toBe('renewing');
  const firstEnd = (await overview(request, session)).types[0]!.expiresAt!;

  // PayPal bills the next month.
  const subscription = await paypalSubscriptionOf(request, details.email);
  const charge = await request.post(`/sandbox/paypal/control/subscriptions/${subscription}/charge`);
  expect(charge.status(), await charge.text()).toBe(200);
  await expect.poll(async () => (await overview(request, session)).types[0]!.expiresAt).not.toBe(firstEnd);
  const renewedEnd = (await overview(request, session)).types[0]!.expiresAt!;
  const expected = new Date(firstEnd);
  expected.setUTCMonth(expected.getUTCMonth() + 1);
  expect(renewedEnd).toBe(expected.toISOString());

  await page.goto('/billing');
  const history = page.getByRole('table', { name: 'Billing history' });
  await expect(history).toContainText('Renewal: Basic');
  await expect(history.getByRole('row')).toHaveCount(3);
  const normalCard = page.getByRole('region', { name: 'Normal package' });
  await expect(normalCard).toContainText(`Renews on ${await longDate(page, renewedEnd)} for $14.99, paid by PayPal.`);

  await normalCard.getByRole('button', { name: 'Cancel automatic renewal' }).click();
  await page.getByRole('dialog', { name: 'Cancel automatic renewal?' }).getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(toast(page, 'Automatic renewal cancelled.')).toBeVisible();
  await expect(normalCard).toContainText(`Automatic renewal is cancelled; the package ends on ${await longDate(page, renewedEnd)}.`);

  // Once PayPal has confirmed the cancellation, no charge is accepted as a renewal.
  await expect.poll(async () => (await request.post(`/sandbox/paypal/control/subscriptions/${subscription}/charge`)).status()).toBe(422);
  expect((await overview(request, session)).types[0]).toMatchObject({ state: 'cancelled', expiresAt: renewedEnd });
  await context.close();
});

test('an admin refunds a card payment within 30 days: the package ends, the website above it pauses, the customer is e-mailed', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const customer = await signedInContext(browser, baseURL!, session);
  const page = await customer.newPage();
  await buyByCard(page, 'Basic');
  await createWebsiteViaApi(request, session, { url: `https://${uniqueHost('refund')}.example.org/` });

  const admin = await signedInContext(browser, baseURL!, await signInAdmin(request));
  const adminPage = await admin.newPage();
  await adminPage.goto('/users');
  await adminPage.getByRole('searchbox', { name: 'Search' }).fill(details.email);
  await adminPage.getByRole('button', { name: `Actions for ${details.username}` }).click();
  await clickMenuItem(adminPage.getByRole('menuitem', { name: `Payments of ${details.username}` }));
  await expect.poll(() => pathOf(adminPage)).toBe('/admin/payments');
  const table = adminPage.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Payment: Basic');
  await table.getByRole('button', { name: `Refund 14.99 USD to ${details.email}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Refund this payment?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked for a refund after two days');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(adminPage, `Refunded 14.99 USD to ${details.email}.`)).toBeVisible();
  await expect(table).toContainText('refunded');
  await expect(table.getByRole('button', { name: `Refund 14.99 USD to ${details.email}` })).toBeDisabled();

  // Capacity falls: the package is gone and the website above it is paused, not deleted.
  await expect.poll(async () => (await loadUser(request, session)).websites.map((w) => w.status)).toEqual(['PAUSED']);
  expect((await overview(request, session)).types[0]!.state).toBe('expired');

  const outbox = await request.get('/sandbox/mail');
  const mail = await outbox.text();
  expect(mail).toContain('Refund issued: Basic (14.99 USD)');
  expect(mail).toContain(`To ${details.email}`);

  await page.goto('/billing');
  const history = page.getByRole('table', { name: 'Billing history' });
  await expect(history).toContainText('Refund: Basic');
  await expect(history).toContainText('-14.99 USD');
  await admin.close();
  await customer.close();
});

test('a PayPal subscriber upgrades to Standard by card: one subscription is left billing, the PayPal one is cancelled', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await buyByPaypal(page, 'normal', 'Basic');
  await expect.poll(async () => (await overview(request, session)).types[0]!.gateway).toBe('paypal');
  const subscription = await paypalSubscriptionOf(request, details.email);

  await page.goto('/pricing/normal');
  const standard = page.getByRole('article', { name: 'Standard' });
  await expect(standard).toContainText('Replaces your Basic package from today.');
  await standard.getByRole('button', { name: 'Upgrade' }).click();
  const step = page.getByRole('dialog', { name: 'Upgrade to Standard' });
  await expect(step).toContainText('Basic stops renewing, and its unused days are not refunded.');
  await step.getByRole('button', { name: 'Pay by card and upgrade' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payhere\/pay\/checkout$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect.poll(() => pathOf(page)).toBe('/home');

  await expect
    .poll(async () => {
      const res = await request.get('/sandbox/paypal/subscriptions', { headers: { accept: 'application/json' } });
      const { subscriptions } = (await res.json()) as { subscriptions: { id: string; status: string }[] };
      return subscriptions.find((s) => s.id === subscription)?.status;
    })
    .toBe('CANCELLED');
  expect((await overview(request, session)).types[0]).toMatchObject({ packageName: 'Standard', state: 'renewing', gateway: 'card' });
  await page.goto('/billing');
  await expect(page.getByRole('region', { name: 'Normal package' })).toContainText('Standard');
  await context.close();
});
