import { expect, test, type Browser } from '@playwright/test';
import { registerViaApi, signInAdmin, signedInContext, toast, type ApiSession } from './support/accounts.ts';
import { clickMenuItem } from './support/menus.ts';

/*
 * Admin console journeys: the admin changes a customer's account and writes to customers, and a
 * customer writes to support. Each test registers its own customers and fills the admin's details
 * itself, so it runs alone or after any other file.
 */

async function openAs(browser: Browser, baseURL: string | undefined, session: ApiSession) {
  if (!baseURL) throw new Error('baseURL is set in playwright.config.ts');
  const context = await signedInContext(browser, baseURL, session);
  return { context, page: await context.newPage() };
}

test('an admin deactivates a customer from /users, who is then told so on /websites', async ({ browser, baseURL, request }) => {
  const { details, session: customer } = await registerViaApi(request);
  const admin = await openAs(browser, baseURL, await signInAdmin(request));

  await admin.page.goto('/users');
  await expect(admin.page.getByRole('heading', { name: 'Users details' })).toBeVisible();
  await admin.page.getByRole('searchbox', { name: 'Search' }).fill(details.username);
  const table = admin.page.getByRole('table', { name: 'Users details' });
  const row = table.getByRole('row').filter({ hasText: details.email });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Actions for ${details.username}` }).click();
  await clickMenuItem(admin.page.getByRole('menuitem', { name: `Deactivate ${details.username}` }));
  await admin.page
    .getByRole('dialog', { name: `Deactivate ${details.username}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(toast(admin.page, 'User account activated or deactivated successfully')).toContainText(
    `${details.username} was deactivated.`,
  );
  await expect(row.getByText('DEACTIVATED')).toBeVisible();
  // A deactivated customer's menu offers Activate instead.
  await row.getByRole('button', { name: `Actions for ${details.username}` }).click();
  await expect(admin.page.getByRole('menuitem', { name: `Activate ${details.username}` })).toBeVisible();
  await expect(admin.page.getByRole('menuitem', { name: `Deactivate ${details.username}` })).toHaveCount(0);
  await admin.page.keyboard.press('Escape');
  await admin.context.close();

  const loaded = await request.post(`/api/users/load/${encodeURIComponent(details.email)}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(((await loaded.json()) as { status: string }).status).toBe('DEACTIVATED');

  const shopper = await openAs(browser, baseURL, customer);
  await shopper.page.goto('/websites');
  await expect(shopper.page.getByText('Your account is deactivated.Purchase a pacakge to access functionality.')).toBeVisible();
  await shopper.context.close();
});

test('an admin notifies one customer, who reads it under the bell and clears it', async ({ browser, baseURL, request }) => {
  const { details, session: customer } = await registerViaApi(request);
  const { details: bystander, session: bystanderSession } = await registerViaApi(request);
  const admin = await openAs(browser, baseURL, await signInAdmin(request));
  const title = `<b>Maintenance</b> ${details.username}`;
  const body = 'Delivery pauses on Sunday & resumes on Monday.';

  await admin.page.goto('/addNotifications');
  await admin.page.getByLabel('Notification Title').fill(title);
  await admin.page.getByLabel('Description').fill(body);
  await admin.page.getByRole('radio', { name: 'Many' }).check();
  await admin.page.getByRole('searchbox', { name: 'Sender Name' }).fill(details.username);
  await admin.page.getByRole('button', { name: `Add ${details.username}` }).click();
  await expect(admin.page.getByRole('list', { name: /Sender Name List/ }).getByRole('listitem')).toHaveText([`${details.username}Ann Lee`]);
  await admin.page.getByRole('button', { name: 'Send Notification' }).click();

  const sent = toast(admin.page, 'Notification sent successfully');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Success');
  await expect(admin.page.getByLabel('Notification Title')).toHaveValue('');
  await expect(admin.page.getByRole('list', { name: /Sender Name List/ })).toHaveCount(0);
  await admin.context.close();

  const reader = await openAs(browser, baseURL, customer);
  await reader.page.goto('/home');
  await reader.page.getByRole('button', { name: 'Notifications (1)' }).click();
  const panel = reader.page.getByRole('dialog', { name: 'Notifications' });
  // Shown as typed: the markup in the title is text, never HTML.
  await expect(panel.getByText(title, { exact: true })).toBeVisible();
  await expect(panel.getByText(body)).toBeVisible();
  await panel.getByRole('button', { name: 'Clear' }).click();
  await expect(panel.getByText('No notifications')).toBeVisible();
  await reader.context.close();

  // Only the chosen customer got it.
  const other = await request.post(`/api/users/load/${encodeURIComponent(bystander.email)}`, {
    headers: { authorization: `Bearer ${bystanderSession.token}` },
  });
  expect(((await other.json()) as { notifications: unknown[] }).notifications).toEqual([]);
});

test('a customer sends a support request, which reaches the support mailbox', async ({ browser, baseURL, request }) => {
  const { details, session } = await registerViaApi(request);
  const { context, page } = await openAs(browser, baseURL, session);
  const message = `My websites get no hits (${details.username}).`;

  await page.goto('/support');
  // The account's username reads as text (not an input) above the fields to fill.
  await expect(page.getByText('Username', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(details.username);
  await expect(page.getByLabel('Email')).toHaveValue(details.email);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Please fill all fields')).toBeVisible();

  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Support request sent successfully!')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');

  await page.goto('/sandbox/mail');
  const mail = page.locator('article').filter({ hasText: `Support request from ${details.username}` });
  await expect(mail).toHaveCount(1);
  await expect(mail.locator('pre')).toContainText(message);
  await expect(mail.locator('pre')).toContainText(details.email);
  await context.close();
});
