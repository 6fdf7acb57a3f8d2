import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  bearer,
  createWebsiteViaApi,
  customerWithPackages,
  loadUser,
  registerViaApi,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';
import { pathOf } from './support/checkout.ts';
import { clickMenuItem } from './support/menus.ts';

/*
 * The customer's screens at 1280 and 390 px: the header on one line with an account menu (a drawer
 * on phones), states that never contradict (a new account is not "deactivated", a deactivated one
 * has no checkout), labelled delivery figures, Create Website's invalid submit, the downgrade step
 * that names the websites it will pause, and the polish list. Each journey also saves a screenshot
 * per width under SHOTS for a person to look at.
 */

const WIDTHS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SHOTS = 'test-results/customer-screens-nine';
const DEACTIVATED = 'Your account is deactivated.Purchase a pacakge to access functionality.';
const PURCHASES_CLOSED = 'Your account is deactivated, so purchases are closed. Please contact support to have it activated again.';

test.use({ locale: 'en-US' });
// Each journey visits its screens at two widths on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });
/** The first screen a context opens loads the app's code: a longer wait than the default 15 s. */
const FIRST_LOAD = { timeout: 45_000 };

async function openAs(browser: Browser, baseURL: string | undefined, session: ApiSession) {
  const context = await signedInContext(browser, baseURL!, session);
  return context.newPage();
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** No sideways scrolling: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('8: the signed-in header fits one line from 1280 px with every menu item reachable; a drawer with the brand and the user below', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const page = await openAs(browser, baseURL, customer);

  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/home');
  const bar = page.getByRole('banner');
  const nav = bar.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Websites', 'Buy Traffic', 'Pricing', 'About Us', 'Support', 'Documentation']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(bar.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  // One line: the toolbar is one toolbar high, and the brand and every entry are one text line each.
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(66);
  for (const item of [bar.getByText('Website Traffic'), ...(await nav.getByRole('link').all())]) {
    expect((await item.boundingBox())!.height).toBeLessThanOrEqual(40);
  }
  await expectNoSidewaysScroll(page);
  await bar.getByRole('button', { name: 'Account', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Account' });
  await expect(menu).toContainText(`Signed in as ${customer.data.username}`);
  await expect(menu.getByRole('menuitem')).toHaveText(['My Account', 'Billing', 'Security', 'Logout']);
  await shot(page, '8-header-wide');
  await clickMenuItem(menu.getByRole('menuitem', { name: 'Billing' }));
  await expect.poll(() => pathOf(page)).toBe('/billing');

  await page.setViewportSize(WIDTHS[1]);
  await page.goto('/home');
  await expect(nav).toBeHidden();
  await bar.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Menu' });
  await expect(page.getByText(`Signed in as ${customer.data.username}`)).toBeVisible();
  for (const label of [
    'Home',
    'Websites',
    'Buy Traffic',
    'Pricing',
    'About Us',
    'Support',
    'Documentation',
    'My Account',
    'Billing',
    'Security',
  ]) {
    await expect(drawer.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await shot(page, '8-drawer-phone');
  await page.context().close();
});

test('9: a new account is never told it is deactivated; a deactivated one has no checkout, is told to contact support, and its orders get 409', async ({
  browser,
  baseURL,
  request,
}) => {
  const { session: fresh } = await registerViaApi(request);
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const admin = await signInAdmin(request);
  const off = await request.put(`/api/users/deactivate/${encodeURIComponent(customer.data.email)}`, { headers: bearer(admin) });
  expect(off.status(), await off.text()).toBe(200);

  const newcomer = await openAs(browser, baseURL, fresh);
  const held = await openAs(browser, baseURL, customer);
  for (const size of WIDTHS) {
    await newcomer.setViewportSize(size);
    await newcomer.goto('/websites/normal');
    await expect(newcomer.getByText('You have no Normal package yet.')).toBeVisible(FIRST_LOAD);
    await expect(newcomer.getByRole('link', { name: 'See Normal packages' })).toBeVisible();
    await expect(newcomer.getByText(DEACTIVATED)).toHaveCount(0);
    await shot(newcomer, `9-new-websites-${size.name}`);

    await held.setViewportSize(size);
    await held.goto('/pricing/normal');
    await expect(held.getByText(PURCHASES_CLOSED)).toBeVisible(FIRST_LOAD);
    await expect(held.getByRole('main').getByRole('link', { name: 'Contact support' })).toBeVisible();
    await expect(held.getByRole('article', { name: 'Basic' })).toBeVisible();
    await expect(held.getByRole('main').getByRole('button', { name: /Buy Now|PayPal|Upgrade|Downgrade/ })).toHaveCount(0);
    await expectNoSidewaysScroll(held);
    await shot(held, `9-deactivated-pricing-${size.name}`);
    await held.goto('/traffic/normal');
    await expect(held.getByText(PURCHASES_CLOSED)).toBeVisible();
    await expect(held.getByRole('main').getByRole('button', { name: /Buy Now|PayPal/ })).toHaveCount(0);
    await shot(held, `9-deactivated-traffic-${size.name}`);
  }

  for (const [url, data] of [
    ['/api/orders', { kind: 'package', id: 'pkgStandard' }],
    ['/api/payments/paypal/orders', { kind: 'hits', id: '1000Hits' }],
    ['/api/payments/paypal/subscriptions', { id: 'pkgStandard' }],
  ] as const) {
    const refused = await request.post(url, { headers: bearer(customer), data });
    expect(refused.status(), url).toBe(409);
    expect(await refused.json()).toEqual({ code: 'CONFLICT', message: PURCHASES_CLOSED });
  }
  await newcomer.context().close();
  await held.context().close();
});

test('10: Check hits and the chart say what each figure is and when it was read; the chart starts at the website, newest first, dates on one line', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('figures')}.example.org/`;
  await createWebsiteViaApi(request, customer, { url, daily_hit_limit: 300 });
  const page = await openAs(browser, baseURL, customer);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/websites/normal');
    const site = page.getByRole('article', { name: url });
    await site.getByRole('button', { name: 'Check hits' }).click();
    await expect(site.getByRole('status').filter({ hasText: 'Confirmed hits' })).toBeVisible();
    await expect(site.getByText(/^9Hits' running total since the website was added, read at \d\d:\d\d:\d\d$/)).toBeVisible();
    await site.getByRole('button', { name: 'Delivery chart' }).click();
    const dialog = page.getByRole('dialog', { name: `Hits delivered to ${url}` });
    await expect(dialog.getByText(/^Today so far: [\d,]+ of 300 hits a day/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Show numbers' }).click();
    const table = dialog.getByRole('table', { name: 'Delivered hits per day, last 30 days' });
    // Added today: one day, not 29 days of "0 delivered" before the website existed.
    await expect(table.getByRole('row')).toHaveCount(2);
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const dateCell = table.getByRole('cell', { name: today });
    await expect(dateCell).toBeVisible();
    const lineHeight = await dateCell.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight) || 20);
    expect((await dateCell.boundingBox())!.height).toBeLessThan(lineHeight * 2 + 16);
    await shot(page, `10-figures-${size.name}`);
    await page.keyboard.press('Escape');
  }
  await page.context().close();
});

test('11: an invalid Create Website submit focuses the field and says so at the top; countries only for Specific Countries; slider and number field fit a phone', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const page = await openAs(browser, baseURL, customer);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/addWebsite');
    const form = page.getByRole('form', { name: 'Website' });
    await expect(form.getByRole('checkbox')).toHaveCount(0);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert').first()).toContainText('Website address: Please fill all required fields');
    await expect(form.getByRole('textbox', { name: 'Website address' })).toBeFocused();

    await form.getByRole('radio', { name: 'Specific Countries' }).check();
    await expect(form.getByRole('checkbox', { name: 'Canada' })).toBeVisible();
    await form.getByRole('textbox', { name: 'Website address' }).fill(`https://${uniqueHost('form')}.example.org/`);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert').first()).toContainText('GEO Locations: Select atleast one country');
    await expect(form.getByRole('checkbox').first()).toBeFocused();
    await form.getByRole('radio', { name: 'All Countries' }).check();
    await expect(form.getByRole('checkbox')).toHaveCount(0);

    // The number field beside the slider takes an exact figure; the maximum's label stays inside the card.
    const number = form.getByRole('spinbutton', { name: 'Hits per day, as a number' });
    await number.fill('300');
    await number.press('Enter');
    await expect(page.getByTestId('hits-per-day-value')).toHaveText('300 Hits');
    await expect(form.getByRole('slider', { name: 'Hits Per Day' })).toHaveValue('300');
    const card = (await page.locator('main .MuiPaper-root').first().boundingBox())!;
    const maxLabel = (await form.locator('.MuiSlider-markLabel').last().boundingBox())!;
    expect(maxLabel.x + maxLabel.width).toBeLessThanOrEqual(card.x + card.width);
    const numberBox = (await number.boundingBox())!;
    expect(numberBox.x + numberBox.width).toBeLessThanOrEqual(card.x + card.width);
    await expectNoSidewaysScroll(page);
    await shot(page, `11-create-website-${size.name}`);
  }
  await page.context().close();
});

test('12: a downgrade is confirmed in a step that names the websites it will pause, and paying pauses exactly those', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgStandard']);
  const urls = ['one', 'two', 'three'].map((n) => `https://${uniqueHost(n)}.example.org/`);
  for (const [i, url] of urls.entries()) await createWebsiteViaApi(request, customer, { url, daily_hit_limit: i === 2 ? 900 : 1000 });
  const page = await openAs(browser, baseURL, customer);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/pricing/normal');
    const basic = page.getByRole('article', { name: 'Basic' });
    await expect(basic).toContainText('Replaces your Standard package from today, with fewer hits or slots.', FIRST_LOAD);
    await expect(page.getByRole('article', { name: 'Premium', exact: true })).toContainText('Replaces your Standard package from today.');
    await basic.getByRole('button', { name: 'Downgrade' }).click();
    const step = page.getByRole('dialog', { name: 'Downgrade to Basic' });
    await expect(step).toContainText('Standard stops renewing, and its unused days are not refunded.');
    const pausing = step.getByRole('list', { name: 'Websites that will pause' });
    await expect(pausing.getByRole('listitem')).toHaveText([`${urls[2]} (900 hits a day)`, `${urls[1]} (1,000 hits a day)`]);
    await expect(step.getByRole('button', { name: 'Pay by card and downgrade' })).toBeVisible();
    await expect(step.getByRole('button', { name: 'PayPal' })).toBeVisible();
    await shot(page, `12-downgrade-step-${size.name}`);
    if (size.name === 'wide') await step.getByRole('button', { name: 'Cancel' }).click();
  }
  // Nothing changed by looking; paying applies the change and pauses the websites the step named.
  expect((await loadUser(request, customer)).websites.every((w) => w.status === 'ACTIVE')).toBe(true);
  await page.getByRole('dialog', { name: 'Downgrade to Basic' }).getByRole('button', { name: 'Pay by card and downgrade' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payhere\/pay\/checkout$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect.poll(() => pathOf(page)).toBe('/home');
  await expect
    .poll(async () =>
      (await loadUser(request, customer)).websites
        .filter((w) => w.status === 'PAUSED')
        .map((w) => w.url)
        .sort(),
    )
    .toEqual([urls[1], urls[2]].sort());
  await page.context().close();
});

test('13: toasts sit below the app bar, Pause is outlined, and the login name stays filled after a failed sign-in', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('polish')}.example.org/`;
  await createWebsiteViaApi(request, customer, { url });
  const page = await openAs(browser, baseURL, customer);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/websites/normal');
    const site = page.getByRole('article', { name: url });
    const pause = site.getByRole('button', { name: 'Pause' });
    await expect(pause).toHaveClass(/MuiButton-outlined/, FIRST_LOAD);
    await pause.click();
    const note = toast(page, 'paused');
    await expect(note).toBeVisible();
    const bar = (await page.getByRole('banner').boundingBox())!;
    const box = (await note.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(box.x).toBeLessThan(size.width / 2);
    await shot(page, `13-toast-${size.name}`);
    await site.getByRole('button', { name: 'Activate' }).click();
    await expect(site.getByRole('button', { name: 'Pause' })).toBeVisible();
  }
  await page.context().close();

  const visitor = await browser.newPage({ baseURL });
  for (const size of WIDTHS) {
    await visitor.setViewportSize(size);
    await visitor.goto('/login');
    await expect(visitor.getByLabel('Email or Username')).toBeEditable(FIRST_LOAD);
    await visitor.getByLabel('Email or Username').fill(customer.data.email);
    await visitor.getByLabel('Password', { exact: true }).fill('not-the-password');
    await visitor.getByRole('button', { name: 'Login' }).click();
    await expect(visitor.getByRole('alert')).toBeVisible();
    await expect(visitor.getByLabel('Email or Username')).toHaveValue(customer.data.email);
    await expect(visitor.getByLabel('Password', { exact: true })).toHaveValue('');
    await shot(visitor, `13-login-failed-${size.name}`);
  }
  await visitor.close();
});
