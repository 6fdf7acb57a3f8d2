import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  ADMIN,
  createWebsiteViaApi,
  customerWithPackages,
  loginViaApi,
  signInAdmin,
  signedInContext,
  uniqueHost,
  type ApiSession,
} from './support/accounts.ts';

/*
 * What was left of the screens at 9 of 10, in Chromium at 1280 and 390 px: business charts that
 * name every category with whole-number counts and the currency on money axes; an admin side panel
 * that fits 800 px and, for an admin who must still turn two-factor on, holds only what they can
 * use and says why; one pricing design for /pricing and /pricings; read-only values as text; the
 * customer page's cards sized to their content; the read-at time said once; e-mails never broken
 * inside a word.
 */

const WIDTHS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens-29-rest';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

test.describe.configure({ timeout: 240_000 });

async function openAs(browser: Browser, baseURL: string, session: ApiSession, size: (typeof WIDTHS)[number]): Promise<Page> {
  const page = await (await signedInContext(browser, baseURL, session)).newPage();
  await page.setViewportSize(size);
  return page;
}

/** The chart's card on the dashboard, by its heading. */
const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The texts of an axis' tick labels. */
const ticks = (card: Locator, direction: 'X' | 'Y') =>
  card.locator(`.MuiChartsAxis-direction${direction} .MuiChartsAxis-tickContainer text`).allTextContents();

test('1: the business charts name every package, count in whole numbers, give money its currency and cut no label', async ({
  browser,
  baseURL,
  request,
}) => {
  // Three packages of both types, so the chart has categories of different lengths side by side.
  await customerWithPackages(request, ['pkgBasic', 'pkgSEOStarter']);
  await customerWithPackages(request, ['pkgStandard']);
  await customerWithPackages(request, ['pkgPremiumPlus']);
  const admin = await signInAdmin(request);
  const stats = (await (await request.get('/api/admin/business', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
    currency: string;
    subscriptions: { packageName: string; type: string }[];
  };
  const categories = stats.subscriptions.map((s) => `${s.packageName} (${s.type === 'seo' ? 'SEO' : 'Normal'})`);
  expect(categories.length).toBeGreaterThanOrEqual(3);

  for (const size of WIDTHS) {
    const page = await openAs(browser, baseURL!, admin, size);
    await page.goto('/home');
    const subscriptions = chartCard(page, 'Active subscriptions per package');
    await expect(subscriptions.locator('.MuiChartsAxis-directionY text').first()).toBeVisible();
    // Horizontal bars: every category is named, in full, on the category axis.
    expect(await ticks(subscriptions, 'Y')).toEqual(categories);
    // Counts: whole-number ticks only.
    const counts = await ticks(subscriptions, 'X');
    expect(counts.length).toBeGreaterThan(1);
    for (const tick of counts) expect(tick, `count tick ${tick}`).toMatch(/^\d[\d,]*$/);

    for (const title of ['Revenue per day', 'Revenue per month']) {
      const card = chartCard(page, title);
      await expect(card.locator('.MuiChartsAxis-label')).toHaveText(stats.currency);
      for (const tick of await ticks(card, 'Y')) expect(tick, `${title} tick ${tick}`).toMatch(/^\d[\d,]*$/);
    }
    for (const title of [
      'New customers per week',
      'Renewals and cancellations per month',
      'Hits delivered per day',
      '9Hits points balance',
    ]) {
      for (const tick of await ticks(chartCard(page, title), 'Y')) expect(tick, `${title} tick ${tick}`).toMatch(/^\d[\d,]*$/);
    }
    const weeks = chartCard(page, 'New customers per week');
    await expect(weeks.locator('.MuiChartsAxis-label')).toHaveText('Week of');
    // Nothing truncated anywhere on the dashboard's charts ("Week o…", "N…").
    const texts = await page.locator('svg text').allTextContents();
    expect(texts.filter((text) => text.includes('…'))).toEqual([]);
    await shot(page, `1-dashboard-${size.name}`);
    await page.context().close();
  }
});

test('6: the side panel fits a window 800 px tall, every group in view', async ({ browser, baseURL, request }) => {
  const admin = await signInAdmin(request);
  const page = await openAs(browser, baseURL!, admin, WIDTHS[0]);
  await page.goto('/users');
  const panel = page.getByRole('navigation', { name: 'Back office' });
  await expect(panel.getByRole('link', { name: 'Add Notifications' })).toBeVisible();
  const { scroll, client } = await panel.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(scroll).toBeLessThanOrEqual(client);
  await expect(panel.getByRole('link', { name: 'Add Notifications' })).toBeInViewport({ ratio: 1 });
  await page.context().close();
});

/** A free loopback port for a second server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test('6: an admin who must still turn two-factor on is offered only Account security, with one line saying why', async ({ browser }) => {
  // This needs a deployment that requires two-factor of admins: a second server of the same build,
  // with its own database, started for this journey only.
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'traffic-e2e-enrol-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      PAYMENTS_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_TWO_FACTOR: 'required',
    },
    stdio: 'ignore',
  });
  try {
    await expect(async () => {
      const health = await fetch(`${baseURL}/api/health`);
      expect(health.ok).toBe(true);
    }).toPass({ timeout: 120_000, intervals: [1000] });
    const context = await browser.newContext({ baseURL });
    const admin = await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    // The server refuses this admin every admin screen until two-factor is on.
    const refused = await context.request.get('/api/admin/users', { headers: { authorization: `Bearer ${admin.token}` } });
    expect(refused.status()).toBe(403);
    await context.close();

    for (const size of WIDTHS) {
      const page = await openAs(browser, baseURL, admin, size);
      await page.goto('/security');
      await expect(page.getByRole('heading', { name: 'Account security', level: 1 })).toBeVisible();
      const why = 'Turn on two-factor sign-in on Account security to use the admin screens.';
      let nav: Locator;
      if (size.width >= 900) {
        nav = page.getByRole('navigation', { name: 'Back office' });
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        nav = page.getByRole('navigation', { name: 'Menu' });
      }
      await expect(nav.getByRole('note')).toHaveText(why);
      // Only what this admin can use: Account security (and, in the drawer, Logout).
      await expect(nav.getByRole('list').getByRole('link')).toHaveText(['Account security']);
      await expect(nav.getByRole('note').getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/security');
      await shot(page, `6-enrol-first-${size.name}`);
      await page.context().close();
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The layout of the pricing cards on a page: each card's box and its parts. */
async function cardsOf(page: Page) {
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((all) =>
    all.map((card) => {
      const box = card.getBoundingClientRect();
      return {
        x: Math.round(box.x),
        width: Math.round(box.width),
        heading: card.querySelector('h2')?.tagName,
        price: /\$[\d.,]+\s*\/ month/.test(card.textContent ?? ''),
        figures: Array.from(card.querySelectorAll('dt'), (dt) => dt.textContent),
        list: card.querySelector('ul[aria-label]') !== null,
        className: card.className.replace(/css-\S+/g, '').trim(),
      };
    }),
  );
}

test('13: /pricings and /pricing show one pricing design; read-only values read as text', async ({ browser, baseURL, request }) => {
  const customer = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('readonly')}.example.org/`;
  const site = await createWebsiteViaApi(request, customer, { url });
  for (const size of WIDTHS) {
    const visitor = await browser.newPage({ baseURL: baseURL!, viewport: size });
    await visitor.goto('/pricings');
    await expect(visitor.getByRole('heading', { name: 'Choose the best Pricing plan for you', level: 1 })).toBeVisible();
    const publicCards = await cardsOf(visitor);
    await shot(visitor, `13-pricings-${size.name}`);
    await visitor.close();

    const page = await openAs(browser, baseURL!, customer, size);
    await page.goto('/pricing/normal');
    await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
    const cards = await cardsOf(page);
    await shot(page, `13-pricing-${size.name}`);

    // The same card: heading, price per month, the two figures, the list, the same component.
    expect(publicCards).toHaveLength(4);
    for (const card of [...publicCards, ...cards]) {
      expect(card).toMatchObject({ heading: 'H2', price: true, figures: ['Hits per day', 'Slots'], list: true });
      expect(card.className).toBe(publicCards[0]!.className);
    }
    // The same layout: the grid puts the cards at the same places with the same widths.
    expect(cards.slice(0, 4).map(({ x, width }) => ({ x, width }))).toEqual(publicCards.map(({ x, width }) => ({ x, width })));
    if (size.width === 1280) expect(new Set(publicCards.map((card) => card.x)).size).toBe(4);
    else expect(new Set(publicCards.map((card) => card.x)).size).toBe(1);

    // Read-only values are text, not inputs: the support form's username, an edited website's address.
    await page.goto('/support');
    const username = page.getByText('Username', { exact: true });
    await expect(username).toBeVisible();
    expect(await username.evaluate((el) => el.tagName)).toBe('DT');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await page.goto(`/editWebsite/${site.id}`);
    await expect(page.getByText(url, { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Website address' })).toHaveCount(0);
    await shot(page, `13-edit-website-${size.name}`);
    await page.context().close();
  }
});

/** An e-mail breaks, if at all, only before its '@': the name and the domain are each on one line, wherever it shows in `scope`. */
async function expectEmailWhole(scope: Locator, email: string) {
  const shown = scope.getByText(email, { exact: true });
  await expect(shown.first()).toBeVisible();
  const lines = await shown.evaluateAll((all) =>
    all.map((el) =>
      Array.from(el.querySelectorAll(':scope > span'), (part) => {
        const range = document.createRange();
        range.selectNodeContents(part);
        return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
      }),
    ),
  );
  for (const halves of lines) expect(halves).toEqual([1, 1]);
  return lines.length;
}

test('4: the customer page sizes its cards to their content at 390; the chart says its read time once; e-mails stay whole', async ({
  browser,
  baseURL,
  request,
}) => {
  const customer = await customerWithPackages(request, ['pkgBasic', 'pkgSEOStarter']);
  const url = `https://${uniqueHost('gaps')}.example.org/a/longer/path`;
  await createWebsiteViaApi(request, customer, { url, daily_hit_limit: 200 });
  const admin = await signInAdmin(request);
  for (const size of WIDTHS) {
    const page = await openAs(browser, baseURL!, admin, size);
    await page.goto(`/users/${customer.data.id}`);
    await expect(page.getByRole('heading', { name: customer.data.username, level: 1 })).toBeVisible();
    for (const label of ['Normal subscription', 'SEO subscription', url]) {
      const row = page.getByRole('listitem', { name: label, exact: true });
      await expect(row).toBeVisible();
      // Each part of a row is as tall as what it holds: no part stretched to a fixed height, no empty band.
      const slack = await row.evaluate((li) =>
        Array.from(li.children, (child) => {
          const range = document.createRange();
          range.selectNodeContents(child);
          return Math.round(child.getBoundingClientRect().height - range.getBoundingClientRect().height);
        }),
      );
      for (const gap of slack) expect(gap, `${label}: ${slack.join(', ')}`).toBeLessThanOrEqual(8);
    }
    // In the heading and in the audit events (the account's creation targets it), each whole.
    await expect(page.getByRole('cell', { name: 'Account created' })).toBeVisible();
    expect(await expectEmailWhole(page.getByRole('main'), customer.data.email)).toBeGreaterThanOrEqual(2);
    await shot(page, `4-customer-${size.name}`);

    await page.goto('/home');
    await expectEmailWhole(page.getByRole('table', { name: 'Subscriptions ending soon' }), customer.data.email);
    await page.context().close();
  }

  // The website's chart: the time the history was read appears once.
  for (const size of WIDTHS) {
    const page = await openAs(browser, baseURL!, customer, size);
    const dialog = page.getByRole('dialog', { name: `Hits delivered to ${url}` });
    // The delivery collection runs every few seconds in this deployment: wait for a first reading.
    await expect(async () => {
      await page.goto('/websites/normal');
      await page.getByRole('article', { name: url }).getByRole('button', { name: 'Delivery chart' }).click();
      await expect(dialog.getByText(/as collected from 9Hits at/)).toBeVisible({ timeout: 5000 });
    }).toPass({ timeout: 90_000, intervals: [3000] });
    const said = (await dialog.getByText(/as collected from 9Hits at/).textContent())!;
    const time = /at (.+)$/.exec(said)![1]!;
    const text = (await dialog.textContent())!;
    expect(text.split(time).length - 1, text).toBe(1);
    await expect(dialog.getByText(/^Updated /)).toHaveCount(0);
    // A first reading may still have nothing delivered: then the chart's place says so instead.
    await expect(
      dialog
        .locator('.MuiChartsAxis-root')
        .or(dialog.getByText(/^No hits were delivered/))
        .first(),
    ).toBeVisible();
    await shot(page, `4-chart-${size.name}`);
    await page.context().close();
  }
});
