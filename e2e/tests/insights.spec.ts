import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { WebsiteHistory } from '@traffic/shared/schemas/delivery.schema';
import {
  bearer,
  createWebsiteViaApi,
  customerWithPackages,
  registerViaApi,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
} from './support/accounts.ts';
import { buyByCard, buyByPaypal } from './support/checkout.ts';

/*
 * What the customer and the operator see of delivery and money: a website's chart grows as the
 * 9Hits sandbox delivers (the server's collection reads it every few seconds here), its CSV is the
 * chart's numbers, and the admin's revenue moves by exactly what a customer paid minus a refund.
 */

/** Opens the website's Delivery chart on a fresh load and answers "Today so far". */
async function todaySoFar(page: Page, url: string): Promise<number> {
  await page.goto('/websites');
  await page.getByRole('article', { name: url }).getByRole('button', { name: 'Delivery chart' }).click();
  const dialog = page.getByRole('dialog', { name: `Hits delivered to ${url}` });
  const line = dialog.getByText(/^Today so far:/);
  await expect(line).toBeVisible();
  const hits = Number((await line.textContent())!.match(/Today so far: ([\d,]+)/)![1]!.replace(/,/g, ''));
  return hits;
}

test("a website's chart grows as the sandbox delivers, and its CSV is the chart's numbers", async ({ browser, baseURL, request }) => {
  test.setTimeout(240_000);
  const session = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('chart')}.example.org/`;
  const website = await createWebsiteViaApi(request, session, { url, daily_hit_limit: 500 });
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();

  let first = 0;
  await expect.poll(async () => (first = await todaySoFar(page, url)), { timeout: 90_000, intervals: [5_000] }).toBeGreaterThan(0);
  await expect.poll(() => todaySoFar(page, url), { timeout: 90_000, intervals: [5_000] }).toBeGreaterThan(first);

  const dialog = page.getByRole('dialog', { name: `Hits delivered to ${url}` });
  await expect(dialog.getByRole('img').or(dialog.locator('svg')).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Last 7 days' }).click();
  await dialog.getByRole('button', { name: 'Show numbers' }).click();
  const table = dialog.getByRole('table', { name: 'Delivered hits per day, last 7 days' });
  // The chart starts on the day the website was added (today): a header and one day, no days before it existed.
  await expect(table.getByRole('row')).toHaveCount(2);
  const shown = (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t').map((cell) => cell.trim()));

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await readFile((await (await download).path())!, 'utf8')).trim().split('\r\n');
  expect(csv[0]).toBe('Date,Delivered hits,Daily limit');
  expect(csv.slice(1)).toEqual(shown.map(([day, hits, limit]) => [day, hits!.replace(/,/g, ''), limit!.replace(/,/g, '')].join(',')));

  // The same numbers as the API's, and the chart's limit is the website's.
  const api = (await (
    await request.get(`/api/website/${website.id}/history?days=7`, { headers: bearer(session) })
  ).json()) as WebsiteHistory;
  expect(api.dailyHitLimit).toBe(500);
  const csvToday = Number(csv.at(-1)!.split(',')[1]);
  expect(api.days.at(-1)!.hits).toBeGreaterThanOrEqual(csvToday);
  expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(api.days.map((d) => d.day));
  await context.close();
});

/** The admin dashboard's "Net revenue, last 90 days", in cents. */
async function netRevenue(page: Page): Promise<number> {
  await page.goto('/home');
  const figure = page.getByRole('group', { name: 'Net revenue, last 90 days' });
  await expect(figure).toContainText('USD');
  const text = (await figure.textContent())!;
  return Math.round(Number(text.match(/([\d,]+\.\d{2}) USD/)![1]!.replace(/,/g, '')) * 100);
}

test('the admin dashboard shows revenue equal to what a customer paid, minus the refund', async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const adminSession = await signInAdmin(request);
  const admin = await signedInContext(browser, baseURL!, adminSession);
  const adminPage = await admin.newPage();
  const before = await netRevenue(adminPage);

  const { details, session } = await registerViaApi(request);
  const customer = await signedInContext(browser, baseURL!, session);
  const page = await customer.newPage();
  await buyByCard(page, 'Basic'); // 14.99
  await buyByPaypal(page, 'seo', 'SEO Starter'); // 19.99

  // The card payment is refunded from the admin's Payments screen.
  await adminPage.goto(`/admin/payments?search=${encodeURIComponent(details.email)}`);
  const table = adminPage.getByRole('table', { name: 'Payments' });
  await table.getByRole('button', { name: `Refund 14.99 USD to ${details.email}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Refund this payment?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Changed their mind');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(adminPage, `Refunded 14.99 USD to ${details.email}.`)).toBeVisible();

  const after = await netRevenue(adminPage);
  expect(after - before).toBe(1499 + 1999 - 1499);

  // Revenue per day has its numbers as a table: a row for each of the 90 days.
  const revenue = adminPage.getByRole('region', { name: 'Revenue per day' });
  await revenue.getByRole('button', { name: 'Show numbers' }).click();
  await expect(revenue.getByRole('table', { name: 'Revenue per day' }).getByRole('row')).toHaveCount(91);
  await admin.close();
  await customer.close();
});
