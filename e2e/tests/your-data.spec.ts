import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  bearer,
  createWebsiteViaApi,
  registerViaApi,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';
import { buyByCard, buyByPaypal, pathOf } from './support/checkout.ts';

/*
 * Your data (docs/product.md section 11): a customer with a card and a PayPal subscription, websites
 * and a history downloads everything we hold, finds each part, and closes the account; afterwards
 * nothing of theirs signs in, renews or runs, the admin sees only the pseudonym, and the e-mail is
 * free to register again.
 */

const SHOTS = 'test-results/your-data';
const PARTS = [
  'account',
  'subscriptions',
  'addons',
  'orders',
  'payments',
  'websites',
  'deliveryHistory',
  'notifications',
  'supportMessages',
  'sessions',
  'securityEvents',
];

async function billingStates(request: APIRequestContext, session: ApiSession): Promise<string[]> {
  const res = await request.get('/api/billing', { headers: bearer(session) });
  return ((await res.json()) as { types: { state: string }[] }).types.map((t) => t.state);
}

async function paypalStatus(request: APIRequestContext, email: string): Promise<string[]> {
  const res = await request.get('/sandbox/paypal/subscriptions', { headers: { accept: 'application/json' } });
  const { subscriptions } = (await res.json()) as { subscriptions: { email_address?: string; status: string }[] };
  return subscriptions.filter((s) => s.email_address === email).map((s) => s.status);
}

/** The PayHere sandbox's subscriptions page: the status of the one paying this order. */
async function payhereStatus(request: APIRequestContext, orderId: string): Promise<string | undefined> {
  const html = await (await request.get('/sandbox/payhere/subscriptions')).text();
  const card = html.split('<article').find((part) => part.includes(orderId));
  return card ? /Subscription #\d+ · ([A-Z]+)/.exec(card)?.[1] : undefined;
}

async function campaignsTitled(request: APIRequestContext, title: string): Promise<unknown[]> {
  const res = await request.get(`/sandbox/9hits/api/siteGet?key=sandbox-9hits-key&filter=${encodeURIComponent(title)}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data;
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a customer downloads their data, finds each part, closes the account: no sign-in, no renewal, no campaign, only a pseudonym, the e-mail free again', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const { details, session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await buyByCard(page, 'Basic');
  await buyByPaypal(page, 'seo', 'SEO Starter');
  await expect.poll(() => billingStates(request, session)).toEqual(['renewing', 'renewing']);
  const normalSite = await createWebsiteViaApi(request, session, { url: `https://${uniqueHost('leaver')}.example.com/` });
  const seoSite = await createWebsiteViaApi(request, session, {
    url: `https://${uniqueHost('leaver-seo')}.example.com/`,
    type: 'seo',
    search_engine: 'google',
    title: 'Leaving',
    traffic_source: 'Organic',
    traffic_source_type: 'leaving, goodbye',
  });
  const siteIds = [normalSite.id, seoSite.id];
  // Their campaigns exist at 9Hits before the closing.
  for (const id of siteIds) await expect.poll(async () => (await campaignsTitled(request, `traffic-site-${id}-campaign`)).length).toBe(1);

  // Download my data, and find each part in the file.
  await page.goto('/security');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('button', { name: 'Download my data' }).click();
  await expect(yourData.getByText(/Your file is ready/)).toBeVisible();
  await yourData.scrollIntoViewIfNeeded();
  await shoot(page, 'security-your-data');
  const download = page.waitForEvent('download');
  await yourData.getByRole('button', { name: 'Download file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as Record<string, unknown> & { README: Record<string, string> };
  for (const part of PARTS) {
    expect(data, part).toHaveProperty(part);
    expect(data.README[part], `README of ${part}`).toBeTruthy();
  }
  expect(data.account).toMatchObject({ email: details.email, username: details.username, address: details.address });
  expect((data.subscriptions as { package_id: string }[]).map((s) => s.package_id).sort()).toEqual(['pkgBasic', 'pkgSEOStarter']);
  const orders = data.orders as { id: string; provider: string; item_id: string }[];
  expect(orders.map((o) => o.provider).sort()).toEqual(['payhere', 'paypal']);
  expect((data.payments as unknown[]).length).toBeGreaterThanOrEqual(2);
  expect((data.websites as { id: number }[]).map((w) => w.id).sort()).toEqual([...siteIds].sort());
  expect((data.sessions as unknown[]).length).toBeGreaterThan(0);
  expect((data.securityEvents as { action: string }[]).map((e) => e.action)).toContain('registered');
  const cardOrder = orders.find((o) => o.provider === 'payhere')!.id;
  expect(await payhereStatus(request, cardOrder)).toBe('ACTIVE');

  // Close my account: the confirmation in plain words, the password.
  const closeSection = page.getByRole('region', { name: 'Close my account' });
  await closeSection.getByRole('button', { name: 'Close my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account for good?' });
  await expect(dialog).toContainText('stop renewing now: we cancel them at PayHere and PayPal');
  await expect(dialog).toContainText('campaigns are deleted at 9Hits');
  await expect(dialog).toContainText('can still be refunded');
  await expect(dialog).toContainText('for 7 years');
  await shoot(page, 'close-dialog');
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Close the account for good' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your password or the code is not right.');
  await dialog.getByLabel('Your password').fill(details.password);
  await dialog.getByRole('button', { name: 'Close the account for good' }).click();
  await expect(toast(page, 'Your account has been closed.')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/login');

  // The admin's screens show only the pseudonym (before anyone types the old e-mail into the sign-in
  // form below: such a failed sign-in of a name without an account is recorded as typed).
  const admin = await signInAdmin(request);
  const adminContext = await signedInContext(browser, baseURL!, admin);
  const adminPage = await adminContext.newPage();
  const pseudonym = `closed-account-${session.data.id}`;
  await adminPage.goto(`/users/${session.data.id}`);
  await expect(adminPage.getByRole('heading', { name: pseudonym, level: 1 })).toBeVisible();
  await expect(adminPage.getByText('This account was closed')).toBeVisible();
  await expect(adminPage.getByText(/Account closed/).first()).toBeVisible();
  await shoot(adminPage, 'admin-customer-closed');
  for (const text of [details.email, details.username, details.address, details.phoneNumber]) {
    await expect(adminPage.locator('main')).not.toContainText(text);
  }
  await adminPage.goto(`/admin/audit-log?target=${session.data.id}`);
  await expect(adminPage.locator('main')).toContainText(pseudonym);
  await expect(adminPage.locator('main')).not.toContainText(details.email);
  await adminContext.close();

  // Sign-in fails, by e-mail and by username.
  await page.getByLabel('Email or Username').fill(details.email);
  await page.getByLabel('Password', { exact: true }).fill(details.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect.poll(() => pathOf(page)).toBe('/login');
  for (const username of [details.email, details.username]) {
    const signIn = await request.post('/api/users/login', { data: { username, password: details.password } });
    expect(signIn.status()).not.toBe(200);
  }
  expect((await request.get('/api/account/security', { headers: bearer(session) })).status()).toBe(401);

  // Both gateways show the renewals cancelled, and 9Hits has no campaign of theirs.
  await expect.poll(() => paypalStatus(request, details.email)).toEqual(['CANCELLED']);
  await expect.poll(() => payhereStatus(request, cardOrder)).toBe('CANCELLED');
  for (const id of siteIds) await expect.poll(async () => (await campaignsTitled(request, `traffic-site-${id}-campaign`)).length).toBe(0);

  // Registering again with the same e-mail and username works.
  const again = await request.post('/api/users', { data: details });
  expect(again.status(), await again.text()).toBe(201);
  await context.close();
});

test('an administrator closes a customer’s account on request from the customer’s page, with the same confirmation', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const admin = await signInAdmin(request);
  const context = await signedInContext(browser, baseURL!, admin);
  const page = await context.newPage();
  await page.goto(`/users/${session.data.id}`);
  await expect(page.getByRole('heading', { name: details.username, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('dialog', { name: `Close ${details.username}'s account for good?` });
  await expect(dialog).toContainText('Only on the customer');
  await expect(dialog).toContainText('campaigns are deleted at 9Hits');
  await dialog.getByLabel('Your password (administrator)').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Close the account for good' }).click();
  await expect(toast(page, `${details.username}'s account was closed.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `closed-account-${session.data.id}`, level: 1 })).toBeVisible();
  expect((await request.get('/api/account/security', { headers: bearer(session) })).status()).toBe(401);
  await context.close();
});

test('the policy is one click from the footer and from the register form', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('7 years');
  await shoot(page, 'privacy');
  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/privacy');
});
