import { expect, test, type Page } from '@playwright/test';
import { customerWithPackages, signedInContext, toast } from './support/accounts.ts';

/**
 * Personal access tokens (decision 0037): a customer creates a read-and-write token in Chromium,
 * a script outside the browser lists websites, creates one and reads its history with it, and is
 * refused the admin and security routes; revoked in the browser, the token gets 401 on the next call.
 */

const SHOTS = '/work/shots/i33-tokens';

async function shoot(page: Page, name: string) {
  if (!process.env.TRAFFIC_SHOTS) return;
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a read-and-write token drives the Customer API from outside the browser until it is revoked', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await customerWithPackages(request, ['pkgBasic']);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto('/security');
  const section = page.getByRole('region', { name: 'Access tokens' });
  await expect(section.getByText('You have no access tokens.')).toBeVisible();

  const form = section.getByRole('form', { name: 'Create an access token' });
  await form.getByLabel('Token name').fill('Agency script');
  await form.getByRole('radio', { name: /^Read and write/ }).check();
  await form.getByLabel('Expiry').selectOption('30');
  // The password confirms it is the owner: a token outlives the session that made it.
  await form.getByLabel('Your password').fill('customer-password-1'); // every test customer's (support/accounts.ts)
  await form.getByRole('button', { name: 'Create token' }).click();
  const shown = section.getByLabel('New access token');
  await expect(shown).toHaveValue(/^trf_pat_[A-Za-z0-9_-]{43}$/);
  const token = await shown.inputValue();
  await expect(section.getByRole('list', { name: 'Your access tokens' }).getByText('Agency script')).toBeVisible();
  await shoot(page, 'security-token-created');

  // Outside the browser: plain HTTP with the token, as a script would.
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const listed = await api('GET', '/websites');
  expect(listed.status).toBe(200);
  expect(listed.headers.get('ratelimit-limit')).not.toBeNull();
  expect(((await listed.json()) as { websites: unknown[] }).websites).toEqual([]);
  const created = await api('POST', '/website', {
    url: 'https://token-journey.example.org/',
    daily_hit_limit: 100,
    traffic_source: 'Direct',
    traffic_source_type: '',
    bounce_rate_reduction: true,
    geolocation_type: 'All Countries',
    geolocations: [],
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const relisted = (await (await api('GET', '/websites')).json()) as { websites: { id: number }[] };
  expect(relisted.websites.map((w) => w.id)).toEqual([id]);
  const history = await api('GET', `/website/${id}/history?days=7`);
  expect(history.status).toBe(200);

  for (const [method, path] of [
    ['GET', '/admin/users'],
    ['GET', '/account/security'],
    ['POST', '/account/password'],
    ['POST', '/account/two-factor/setup'],
    ['GET', '/account/tokens'],
    ['POST', '/account/sessions/sign-out-others'],
  ] as const) {
    const refused = await api(method, path);
    expect(refused.status, `${method} ${path}`).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('TOKEN_SCOPE');
  }

  // Back in the browser: the list shows the token's last use; revoke it.
  await page.reload();
  const item = section.getByRole('listitem').filter({ hasText: 'Agency script' });
  await expect(item.getByText(/^Last used .* from IP /)).toBeVisible();
  await item.getByRole('button', { name: 'Revoke Agency script' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this access token?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'was revoked')).toBeVisible();
  await expect(section.getByText('You have no access tokens.')).toBeVisible();

  const after = await api('GET', '/websites');
  expect(after.status).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe('TOKEN_REVOKED');

  // The security activity shows both events, and the API page is a link away.
  const activity = page.getByRole('region', { name: 'Security activity' });
  await expect(activity.getByText('Access token created')).toBeVisible();
  await expect(activity.getByText('Access token revoked')).toBeVisible();
  await section.getByRole('link', { name: 'API access' }).click();
  await expect(page.getByRole('heading', { name: 'API access', level: 1 })).toBeVisible();
  await expect(page.getByText(`${baseURL}/api/websites`)).toBeVisible();
  await shoot(page, 'api-access');
  await context.close();
});
