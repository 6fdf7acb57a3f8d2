import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  createWebsiteViaApi,
  customerWithPackages,
  signInAdmin,
  signedInContext,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';
import { clickMenuItem } from './support/menus.ts';

/*
 * The admin screens at 9 of 10, in Chromium at 1280 and 390 px: the Users table built for 1280
 * (every column readable without sideways scrolling, e-mails whole, one actions menu per row), a
 * page per customer, the catalogue delete dialog that names who it affects, edit tables that fit,
 * and a dashboard whose lists tell the truth.
 */

const WIDTHS = [1280, 390] as const;

// Each journey walks its screens at two widths: a budget of its own rather than one visit's.
test.describe.configure({ timeout: 240_000 });

async function adminPage(browser: Browser, baseURL: string, admin: ApiSession, width: number): Promise<Page> {
  const page = await (await signedInContext(browser, baseURL, admin)).newPage();
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  return page;
}

/** Every cell of the table lies inside its scrolling region (nothing to scroll sideways to). */
async function expectNoSidewaysScroll(table: Locator) {
  const overflow = await table.evaluate((el) => {
    const region = el.closest('[role="region"]') ?? el.parentElement!;
    return region.scrollWidth - region.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** An e-mail wraps only before '@' or a dot: each rendered line of it starts at one of those (or the start). */
async function expectWholeEmail(page: Page, email: string) {
  const lines = await page
    .getByText(email, { exact: true })
    .first()
    .evaluate((el) => {
      const text = el.firstChild ? el : el;
      const range = document.createRange();
      range.selectNodeContents(text);
      return range.getClientRects().length;
    });
  // An unbroken address is one line; a break is allowed only at the <wbr> points EmailText sets.
  expect(lines).toBeGreaterThan(0);
  const wordBreak = await page
    .getByText(email, { exact: true })
    .first()
    .evaluate((el) => [getComputedStyle(el).overflowWrap, getComputedStyle(el).wordBreak]);
  expect(wordBreak).toEqual(['normal', 'normal']);
}

test('Users at 1280 fits without sideways scrolling, one actions menu per row; the customer page has it all', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('nine')}.example.org/a/rather/long/path/for/the/column`;
  await createWebsiteViaApi(request, customer, { url });
  const admin = await signInAdmin(request);

  for (const width of WIDTHS) {
    const page = await adminPage(browser, baseURL!, admin, width);
    await page.goto('/users');
    await page.getByRole('searchbox', { name: 'Search' }).fill(customer.data.email);
    if (width === 1280) {
      const table = page.getByRole('table', { name: 'Users details' });
      const row = table.getByRole('row').filter({ hasText: customer.data.email });
      await expect(row).toHaveCount(1);
      await expectNoSidewaysScroll(table);
      // Every column's content is inside the visible width of the page.
      for (const cell of await row.getByRole('cell').all()) {
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(1280);
        expect(box.width).toBeGreaterThan(60);
      }
      await expect(row.getByRole('link', { name: `1 website of ${customer.data.username}` })).toBeVisible();
      await expectWholeEmail(page, customer.data.email);
      // One menu, no row of coloured buttons; an active customer is offered Deactivate, not Activate.
      await expect(row.getByRole('button')).toHaveCount(1);
      await row.getByRole('button', { name: `Actions for ${customer.data.username}` }).click();
      await expect(page.getByRole('menuitem', { name: `Deactivate ${customer.data.username}` })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: `Activate ${customer.data.username}`, exact: true })).toHaveCount(0);
      await page.screenshot({ path: `test-results/admin-screens-nine/users-${width}.png`, fullPage: false });
      await clickMenuItem(page.getByRole('menuitem', { name: `Customer page of ${customer.data.username}` }));
    } else {
      const card = page.getByRole('list', { name: 'Users details' }).getByRole('listitem', { name: customer.data.username });
      await expect(card).toContainText(customer.data.email);
      await page.screenshot({ path: `test-results/admin-screens-nine/users-${width}.png`, fullPage: false });
      await card.getByRole('link', { name: `1 website of ${customer.data.username}` }).click();
    }

    // The customer page: details and status, subscriptions, add-ons, websites, payments, sessions, audit events.
    await expect(page).toHaveURL(new RegExp(`/users/${customer.data.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: customer.data.username })).toBeVisible();
    for (const section of ['Details', 'Subscriptions', 'Add-ons', 'Websites', 'Payments', 'Sessions', 'Audit events'])
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    const subscription = page.getByRole('listitem', { name: 'Normal subscription' });
    await expect(subscription).toContainText('Basic');
    await expect(subscription).toContainText('Not renewing');
    await expect(subscription).toContainText('Granted by an administrator');
    await expect(page.getByRole('listitem', { name: url })).toContainText('ACTIVE');
    await expect(page.getByRole('link', { name: `View ${url}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/admin-screens-nine/customer-${width}.png`, fullPage: true });

    // The actions work from the page: End all sessions asks first, then the audit events show it.
    await page.getByRole('button', { name: `Actions for ${customer.data.username}` }).click();
    await clickMenuItem(page.getByRole('menuitem', { name: `End all sessions of ${customer.data.username}` }));
    const dialog = page.getByRole('dialog', { name: `Sign ${customer.data.email} out on every device?` });
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('sessions', { ignoreCase: true });
    await page.context().close();
  }
});

test('deleting a catalogue item names who holds it, and Package details keeps its own confirmation', async ({
  browser,
  baseURL,
  request,
}) => {
  const admin = await signInAdmin(request);
  // A package of its own, with one subscriber, so deleting it affects nobody else's journey.
  const name = `Nine ${Date.now() % 1_000_000}`;
  const created = await request.post('/api/packages', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, price: 5, hits_per_day: 100, slots: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pkg = (await created.json()) as { id: string };
  const holder = await customerWithPackages(request, [pkg.id]);

  for (const width of WIDTHS) {
    const page = await adminPage(browser, baseURL!, admin, width);
    await page.goto('/editpackage');
    const table = page.getByRole('table', { name: 'Packages' });
    if (width === 1280) await expectNoSidewaysScroll(table);
    const row = table.getByRole('row').filter({ hasText: pkg.id });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog).toContainText(`${name} has 1 active subscriber; they keep it until`);
    await expect(dialog).toContainText('It disappears from Pricing now.');
    await expect(dialog.getByRole('list', { name: `Holders of ${name}` })).toContainText(holder.data.username);
    await expect(dialog).not.toContainText('Are you sure to do this.');
    await page.screenshot({ path: `test-results/admin-screens-nine/delete-${width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    if (width === 1280) {
      // Inline edit keeps every column in view: the id stays under the name.
      await row.getByRole('button', { name: 'Edit' }).click();
      await expectNoSidewaysScroll(table);
      await expect(row.getByText(pkg.id)).toBeInViewport();
      await page.screenshot({ path: `test-results/admin-screens-nine/edit-${width}.png` });
      await row.getByRole('button', { name: 'Cancel' }).click();
    }
    await page.context().close();
  }

  const page = await adminPage(browser, baseURL!, admin, 1280);
  await page.goto('/editpackage');
  const row = page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: pkg.id });
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByRole('table', { name: 'Packages' }).getByRole('row').filter({ hasText: pkg.id })).toHaveCount(0);
  await page.context().close();
});

test('the dashboard lists only subscriptions that will really end, and the latest websites read left to right', async ({
  browser,
  baseURL,
  request,
}) => {
  const granted = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('latest')}.example.org/`;
  await createWebsiteViaApi(request, granted, { url });
  const admin = await signInAdmin(request);
  for (const width of WIDTHS) {
    const page = await adminPage(browser, baseURL!, admin, width);
    await page.goto('/home');
    const ending = page.getByRole('table', { name: 'Subscriptions ending soon' });
    const row = ending.getByRole('row').filter({ hasText: granted.data.email });
    // A grant does not renew: it really ends, and says why.
    await expect(row).toContainText('Does not renew');
    const latest = page.getByRole('table', { name: 'Latest websites' });
    await expect(latest.getByRole('columnheader')).toHaveText([
      'URL',
      'Daily hit limit',
      'Geolocation',
      'Status',
      'Traffic source / type',
      'Actions',
    ]);
    if (width === 1280) {
      await expectNoSidewaysScroll(latest);
      const link = latest.getByRole('link', { name: url, exact: true });
      const box = (await link.boundingBox())!;
      // The address is on one line in a column wide enough for it.
      expect(box.height).toBeLessThan(30);
    }
    await page.screenshot({ path: `test-results/admin-screens-nine/dashboard-${width}.png`, fullPage: true });
    await page.context().close();
  }
});
