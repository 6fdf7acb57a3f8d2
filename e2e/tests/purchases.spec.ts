import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { User as LoadedUser } from '@traffic/shared/schemas/accounts.schema';
import { ADMIN, loginViaApi, registerViaApi, signedInContext, type ApiSession } from './support/accounts.ts';

/*
 * Buying through the embedded payment sandboxes, as a customer would: the card gateway's page
 * (Pay and Cancel) and the PayPal approval dialog. Every test registers its own customer.
 */

async function loadUser(request: APIRequestContext, session: ApiSession): Promise<LoadedUser> {
  const response = await request.post(`/api/users/load/${encodeURIComponent(session.data.email)}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoadedUser;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function startCardCheckout(page: Page, card: string) {
  await page.getByRole('article', { name: card }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payhere\/pay\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible();
}

test('a customer buys Basic through the card sandbox and sees it on /home', async ({ browser, baseURL, request }) => {
  const { session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();

  await page.goto('/pricing/normal');
  await expect(page.getByRole('article', { name: 'Basic' })).toContainText('$14.99/ month');
  await startCardCheckout(page, 'Basic');
  await expect(page.getByText('14.99 USD')).toBeVisible();

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('The was purchased successfully.')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/home');

  const user = await loadUser(request, session);
  expect(user.package?.id).toBe('pkgBasic');
  const endDate = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso)),
    user.subscription_expiry_date!,
  );
  const normal = page.getByRole('region', { name: 'Normal package' });
  await expect(normal).toContainText('Basic');
  await expect(normal).toContainText('Active');
  await expect(normal).toContainText(endDate);
  await expect(normal).toContainText('1,000');
  await expect(normal).toContainText('6');
  // The pending purchase is spent.
  expect(await page.evaluate("localStorage.getItem('pendingPurchase')")).toBeNull();
  await context.close();
});

test('a customer with a package buys 1000 Extra Hits through the PayPal sandbox dialog', async ({ browser, baseURL, request }) => {
  const { details, session } = await registerViaApi(request);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const grant = await request.post('/api/users/addPackage', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { pkg: 'pkgBasic', email: details.email },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const before = (await loadUser(request, session)).stats.normal.availableHits;
  expect(before).toBe(1000);

  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto('/traffic/normal');
  await expect(page.getByRole('heading', { name: 'Purchase Extra Hits' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Purchase Extra Slots' })).toBeVisible();
  const card = page.getByRole('article', { name: '1000 Extra Hits' });
  await expect(card).toContainText('$4.99');
  await card.getByRole('button', { name: 'PayPal' }).click();

  const dialog = page.getByRole('dialog', { name: 'PayPal checkout' });
  await expect(dialog).toContainText('1000 Extra Hits');
  await expect(dialog).toContainText('$4.99 USD');
  await dialog.getByRole('button', { name: 'Pay with PayPal (sandbox)' }).click();

  await expect(page.getByText('Payment success, Subscription will be updated within 5 minutes')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/home');
  expect((await loadUser(request, session)).stats.normal.availableHits).toBe(before + 1000);
  await context.close();
});

test('a customer with a package buys 5 Extra Slots by card and returns to /websites with the slots added', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const admin = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const grant = await request.post('/api/users/addPackage', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { pkg: 'pkgBasic', email: details.email },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const before = (await loadUser(request, session)).stats.normal.availableSlots;

  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto('/traffic/normal');
  await startCardCheckout(page, '5 Extra Slots');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByText('The was purchased successfully.')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/websites');
  expect((await loadUser(request, session)).stats.normal.availableSlots).toBe(before + 5);
  expect(await page.evaluate("localStorage.getItem('pendingAddonPurchase')")).toBeNull();
  await context.close();
});

test('cancelling on the card sandbox lands on /cancel with the toast', async ({ browser, baseURL, request }) => {
  const { session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();

  await page.goto('/pricing/normal');
  await startCardCheckout(page, 'Standard');
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect.poll(() => pathOf(page)).toBe('/cancel');
  await expect(page.getByText('Purchase cancelled')).toBeVisible();
  expect((await loadUser(request, session)).package).toBeNull();
  await context.close();
});

test("a visitor's Buy Now asks for a login, then returns to the same pricing tab", async ({ page, request }) => {
  const { details } = await registerViaApi(request);
  await page.goto('/pricing/seo');
  await page.getByRole('article', { name: 'SEO Starter' }).getByRole('button', { name: 'Buy Now' }).click();

  await expect.poll(() => pathOf(page)).toBe('/login');
  await page.getByLabel('Email or Username').fill(details.username);
  await page.getByLabel('Password', { exact: true }).fill(details.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect.poll(() => pathOf(page)).toBe('/pricing/seo');
  await expect(page.getByRole('tab', { name: 'SEO' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article', { name: 'SEO Starter' }).getByRole('button', { name: 'Buy Now' })).toBeEnabled();
});
