import { expect, test, type Browser } from '@playwright/test';
import {
  bearer,
  createWebsiteViaApi,
  customerWithPackages,
  loadUser,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';
import { clickMenuItem } from './support/menus.ts';

/*
 * The screens say each state once and truly, and an administrator's destructive actions ask first:
 * a grant that replaces a running package, Pause All, a deactivated customer's Home, a type never
 * bought, and an address added twice. The admin works as seeded, without personal details: the
 * details popup is for customers only.
 */

const longDate = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

async function openAs(browser: Browser, baseURL: string | undefined, session: ApiSession, path: string) {
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

test.use({ locale: 'en-US' });

test('a grant that replaces a running package shows what the customer has, asks, and the customer is told the real cause', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgStandard']);
  const standardEnd = (await loadUser(request, customer)).subscription_expiry_date!;
  await createWebsiteViaApi(request, customer, { url: `https://${uniqueHost('old')}.example.org/`, daily_hit_limit: 800 });
  await createWebsiteViaApi(request, customer, { url: `https://${uniqueHost('new')}.example.org/`, daily_hit_limit: 800 });

  const admin = await signInAdmin(request);
  const page = await openAs(browser, baseURL, admin, '/adduserpackage');
  await expect(page.getByRole('dialog', { name: 'Please Update your Details' })).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Grant a package' });
  await form.getByLabel('Email').fill(customer.data.email);
  const summary = page.getByRole('region', { name: 'Current packages' });
  await expect(summary).toContainText(`Normal: Standard, until ${longDate(standardEnd)}`);
  await expect(summary).toContainText('SEO: no package');

  await form.getByRole('button', { name: 'Add package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace Standard with Basic?' });
  await expect(dialog).toContainText(`${customer.data.username} (${customer.data.email}) has Standard`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await loadUser(request, customer)).package?.id).toBe('pkgStandard');

  await form.getByRole('button', { name: 'Add package' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace with Basic' }).click();
  await expect(toast(page, 'The was added successfully')).toBeVisible();
  await page.context().close();

  // Basic allows 1,000 hits: the newer 800-hit website is paused, and the notification says why.
  await expect
    .poll(async () => (await loadUser(request, customer)).websites.map((w) => w.status).sort(), { timeout: 30_000 })
    .toEqual(['ACTIVE', 'PAUSED']);
  const home = await openAs(browser, baseURL, customer, '/home');
  await expect(home.getByRole('region', { name: 'Normal package' })).toContainText('Basic');
  await home.getByRole('button', { name: /notifications/i }).click();
  await expect(
    home.getByText(
      `1 of your normal websites was paused because an administrator replaced your Standard package with Basic, which allows fewer hits or slots.`,
    ),
  ).toBeVisible();
  await expect(home.getByText(/extra hits or slots expired/)).toHaveCount(0);
  await home.context().close();
});

test('Pause All asks first, naming the customer and the effect, then says what it did', async ({ browser, baseURL, request }) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  await createWebsiteViaApi(request, customer, { url: `https://${uniqueHost('a')}.example.org/`, daily_hit_limit: 100 });
  await createWebsiteViaApi(request, customer, { url: `https://${uniqueHost('b')}.example.org/`, daily_hit_limit: 100 });

  const admin = await signInAdmin(request);
  const page = await openAs(browser, baseURL, admin, '/users');
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.data.username);
  await expect(page.getByRole('table', { name: 'Users details' }).getByRole('row').filter({ hasText: customer.data.email })).toHaveCount(1);

  // Exact: 'Unpause All websites of …' contains the same words.
  const actions = page.getByRole('button', { name: `Actions for ${customer.data.username}` });
  const pauseAll = page.getByRole('menuitem', { name: `Pause All websites of ${customer.data.username}`, exact: true });
  await actions.click();
  await clickMenuItem(pauseAll);
  const dialog = page.getByRole('dialog', { name: `Pause all websites of ${customer.data.username}?` });
  await expect(dialog).toContainText(`The 2 websites of ${customer.data.username} (${customer.data.email}) stop receiving traffic now`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await loadUser(request, customer)).websites.every((w) => w.status === 'ACTIVE')).toBe(true);

  await actions.click();
  await clickMenuItem(pauseAll);
  await page.getByRole('dialog').getByRole('button', { name: 'Pause All' }).click();
  const done = toast(page, 'The website was updated successfully');
  await expect(done).toContainText(`All 2 websites of ${customer.data.username} are paused.`);
  expect((await loadUser(request, customer)).websites.every((w) => w.status === 'PAUSED')).toBe(true);
  await page.context().close();
});

test('a type never bought is one empty state, and Create Website says so before any field', async ({ browser, baseURL, request }) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const page = await openAs(browser, baseURL, customer, '/websites/seo');
  await expect(page.getByText('You have no SEO package yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See SEO packages' })).toHaveAttribute('href', '/pricing/seo');
  for (const wrong of [
    'Your current subscription have expired, please purchase a new one to continue using the product services.',
    'You have reached the hit/slot limit. Purchase more to continue.',
  ])
    await expect(page.getByText(wrong)).toHaveCount(0);
  await expect(page.getByText('Available')).toHaveCount(0);

  await page.goto('/create-website/seo');
  await expect(page.getByRole('status').filter({ hasText: 'You have no SEO package yet.' })).toBeVisible();
  await expect(page.getByLabel('Website address')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.context().close();
});

test("a deactivated customer's Home says so once and offers nothing the account cannot do", async ({ browser, baseURL, request }) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const admin = await signInAdmin(request);
  const off = await request.put(`/api/users/deactivate/${encodeURIComponent(customer.data.email)}`, { headers: bearer(admin) });
  expect(off.status(), await off.text()).toBe(200);

  const page = await openAs(browser, baseURL, customer, '/home');
  const normal = page.getByRole('region', { name: 'Normal package' });
  await expect(normal).toContainText('Basic');
  await expect(normal.getByText('On hold')).toBeVisible();
  await expect(normal.getByText('Active', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Extend' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Add More' })).toHaveCount(0);
  await expect(page.getByText('Your account is deactivated.Purchase a pacakge to access functionality.')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();

  // The same one notice on the websites page, not a second one.
  await page.goto('/websites');
  await expect(page.getByText('Your account is deactivated.Purchase a pacakge to access functionality.')).toHaveCount(1);
  await page.context().close();
});

test('the same address cannot be added twice in one package type', async ({ browser, baseURL, request }) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const host = uniqueHost('twice');
  await createWebsiteViaApi(request, customer, { url: `https://${host}.example.org/`, daily_hit_limit: 100 });

  const page = await openAs(browser, baseURL, customer, '/addWebsite');
  await page.getByLabel('Website address').fill(`HTTPS://${host.toUpperCase()}.EXAMPLE.ORG`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    toast(
      page,
      `This address is already one of your websites (https://${host}.example.org/). Each address can be added once per package type.`,
    ),
  ).toBeVisible();
  expect((await loadUser(request, customer)).websites).toHaveLength(1);
  await page.context().close();
});
