import { expect, test, type Browser } from '@playwright/test';
import {
  createWebsiteViaApi,
  customerWithPackages,
  signInAdmin,
  signedInContext,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';

/*
 * The back office as an operator uses it: the grouped navigation on the left at 1280 px and in the
 * drawer at 390 px, the users as cards on a phone, and View Website as a read-only summary.
 */

async function adminPage(browser: Browser, baseURL: string, admin: ApiSession, width: number) {
  const context = await signedInContext(browser, baseURL, admin);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  return page;
}

test('at 1280 px the admin moves through the grouped side panel, and View Website is a summary with Back', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('viewed')}.example.org/`;
  await createWebsiteViaApi(request, customer, { url, daily_hit_limit: 300 });

  const page = await adminPage(browser, baseURL!, await signInAdmin(request), 1280);
  await page.goto('/home');
  const panel = page.getByRole('navigation', { name: 'Back office' });
  await expect(panel.getByRole('list', { name: 'Catalogue' }).getByRole('link')).toHaveText([
    'Add Package',
    'Edit Package',
    'Add Hits',
    'Edit Hits',
    'Add Slots',
    'Edit Slots',
  ]);
  await expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

  await panel.getByRole('link', { name: 'Edit Hits' }).click();
  await expect(page).toHaveURL(/\/edithits$/);
  await expect(panel.getByRole('link', { name: 'Edit Hits' })).toHaveAttribute('aria-current', 'page');

  await panel.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.data.username);
  // The Users row sums up the websites and opens the customer's page, which lists them.
  await page.getByRole('link', { name: `1 website of ${customer.data.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${customer.data.id}$`));
  await page.getByRole('link', { name: `View ${url}` }).click();
  await expect(page.getByRole('heading', { name: 'View Website' })).toBeVisible();
  await expect(page.getByRole('heading', { name: url })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${customer.data.id}$`));
  await page.context().close();
});

test('at 390 px the same groups open from the menu button, and each user is a card showing who and what', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const page = await adminPage(browser, baseURL!, await signInAdmin(request), 390);
  await page.goto('/home');
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Menu' });
  await expect(drawer.getByRole('list', { name: 'Grants' }).getByRole('link')).toHaveText([
    'Add User Package',
    'Add User Extension',
    'Manage Subscriptions',
  ]);
  await drawer.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.data.username);
  const card = page.getByRole('list', { name: 'Users details' }).getByRole('listitem', { name: customer.data.username });
  await expect(card).toContainText(customer.data.email);
  await expect(card).toContainText('Basic, subscription expiry');
  await expect(card.getByRole('button', { name: `Actions for ${customer.data.username}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.context().close();
});
