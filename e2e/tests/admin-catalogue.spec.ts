import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AddonPackage as Addon } from '@traffic/shared/schemas/catalogue.schema';
import { signInAdmin, registerViaApi, signedInContext, uniqueName, type ApiSession } from './support/accounts.ts';

/*
 * The admin catalogue screens in a real browser against the real server: granting a package by
 * email, adding an extra-hits package, and deleting a user's activated add-on from 'Package details'.
 * Every test makes its own users and items, so it depends on no other file's state.
 */

async function openAs(browser: Browser, baseURL: string | undefined, session: ApiSession, path: string): Promise<Page> {
  if (!baseURL) throw new Error('baseURL is set in playwright.config.ts');
  const context = await signedInContext(browser, baseURL, session);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

const bearer = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` });

test('the admin grants pkgBasic by email and the customer sees Basic on /home', async ({ browser, baseURL, request }) => {
  const admin = await signInAdmin(request);
  const { details, session: customer } = await registerViaApi(request);

  const page = await openAs(browser, baseURL, admin, '/adduserpackage');
  const form = page.getByRole('form', { name: 'Grant a package' });
  await expect(form.getByRole('combobox', { name: 'Package' })).toHaveValue('pkgBasic');
  await expect(form.getByRole('combobox', { name: 'Package' }).locator('option:checked')).toHaveText('Basic');
  await form.getByLabel('Email').fill(details.email);
  await form.getByRole('button', { name: 'Add package' }).click();
  await expect(page.getByText('The was added successfully')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('');
  await page.context().close();

  const home = await openAs(browser, baseURL, customer, '/home');
  const normal = home.getByRole('region', { name: 'Normal package' });
  await expect(normal).toContainText('Basic');
  await expect(normal.getByText('Active', { exact: true })).toBeVisible();
  await home.context().close();
});

test('the admin adds a hits package and GET /api/additional-hits lists it', async ({ browser, baseURL, request }) => {
  const admin = await signInAdmin(request);
  const name = uniqueName('Hits');
  // Unique per run, and clear of the seeded counts (ids are count + 'Hits').
  const count = 900_000 + Math.floor(Math.random() * 90_000);

  const page = await openAs(browser, baseURL, admin, '/addhits');
  const form = page.getByRole('form', { name: 'New hits package' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Count').fill(String(count));
  await form.getByLabel('Price').fill('7');
  await expect(form.getByText(`Saved as ${count}Hits`)).toBeVisible();
  await form.getByRole('button', { name: 'Add Hits' }).click();
  await expect(page.getByText('New hit pacakge added successfully')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Existing extra hits packages' })).toContainText(`${name} (${count}Hits)`);
  await page.context().close();

  const response = await request.get('/api/additional-hits');
  expect(response.status()).toBe(200);
  const listed = ((await response.json()) as Addon[]).find((addon) => addon.id === `${count}Hits`);
  expect(listed).toEqual({ id: `${count}Hits`, name, price: '7.00', count, type: 'normal' });
});

test("the admin deletes a user's activated add-on from 'Package details' after confirming", async ({ browser, baseURL, request }) => {
  const admin = await signInAdmin(request);
  const { details } = await registerViaApi(request);
  const [slots] = (await (await request.get('/api/additional-slots')).json()) as Addon[];
  expect(slots, 'the seed holds extra-slots add-ons').toBeDefined();
  for (const [path, additional_id] of [
    ['activated-additional-hits', '1000Hits'],
    ['activated-additional-slots', slots!.id],
  ] as const) {
    const granted = await request.post(`/api/${path}/email`, {
      headers: bearer(admin),
      data: { additional_id, email: details.email, token: admin.token },
    });
    expect(granted.status(), await granted.text()).toBe(200);
  }

  const page = await openAs(browser, baseURL, admin, '/managesubscriptions');
  await expect(page.getByRole('heading', { name: 'Package details' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(details.username);
  const row = page.getByRole('row').filter({ hasText: details.email });
  await expect(row).toHaveCount(1);
  const hits = row.getByRole('list', { name: `Additional hits of ${details.username}` });
  await expect(hits.getByRole('listitem')).toHaveCount(1);

  await hits.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm to submit' });
  await expect(dialog).toContainText('Are you sure to do this.');
  await dialog.getByRole('button', { name: 'Yes' }).click();

  await expect(page.getByText('The pacakge was deleted successfully')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(hits).toHaveCount(0);
  await expect(row.getByRole('list', { name: `Additional slots of ${details.username}` }).getByRole('listitem')).toHaveCount(1);
  await page.context().close();

  const search = new URLSearchParams({ page: '0', size: '5', search: details.email });
  const left = await request.get(`/api/admin/activated-addons?${search.toString()}`, { headers: bearer(admin) });
  const body = (await left.json()) as { rows: { activatedadditionalhits: unknown[]; activatedadditionalslots: unknown[] }[] };
  expect(body.rows).toHaveLength(1);
  expect(body.rows[0]!.activatedadditionalhits).toEqual([]);
  expect(body.rows[0]!.activatedadditionalslots).toHaveLength(1);
});
