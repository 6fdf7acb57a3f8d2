import { expect, test } from '@playwright/test';
import { registerViaApi } from './support/accounts.ts';

/*
 * The public pages arrive pre-rendered (apps/web/scripts/prerender.ts): their heading and text are
 * in the HTML with the critical CSS, they paint with JavaScript off, carry their own meta
 * description and social tags, and the app hydrates the same DOM (no node replaced, no error).
 */
const PAGES = [
  { path: '/', heading: /./ },
  { path: '/pricings', heading: 'Choose the best Pricing plan for you' },
  { path: '/login', heading: 'Login' },
  { path: '/register', heading: 'Register' },
  { path: '/about', heading: 'Helping websites get seen since 2008' },
  { path: '/tos', heading: 'Terms of Service' },
  { path: '/privacy', heading: 'Your data' },
] as const;

for (const { path, heading } of PAGES) {
  test(`${path} is served pre-rendered, with its meta tags, and hydrates without replacing it`, async ({ browser, request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div id="root"><header/);
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
    expect(description?.length).toBeGreaterThan(50);
    expect(html).toContain(`<meta property="og:description" content="${description}"`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary"/);
    expect(response.headers()['content-security-policy']).not.toContain("'unsafe-eval'");

    // Without JavaScript: the page is there, styled.
    const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const still = await noJs.newPage();
    await still.goto(path);
    const h1 = still.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText(heading);
    // The critical CSS is in: MUI's app bar sticks to the top without any script.
    expect(
      await still
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('sticky');
    await noJs.close();

    // With it: the heading the server sent is the one on screen after hydration.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const first = document.querySelector('h1');
        if (first) {
          first.setAttribute('data-from-server', '');
          (first as HTMLElement & { fromServer?: boolean }).fromServer = true;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // Hydrated: React attached to the server's node (a client render would have replaced it).
    expect(await page.locator('h1').evaluate((el) => (el as HTMLElement & { fromServer?: boolean }).fromServer === true)).toBe(true);
    expect(await page.locator('#root').evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer')))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a signed-in visitor of a pre-rendered page still goes on to /home', async ({ page, request }) => {
  const { session } = await registerViaApi(request);
  await page.goto('/about');
  await page.evaluate(
    ({ token, email }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('email', email);
    },
    { token: session.token, email: session.data.email },
  );
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the login and register forms wait for the app: nothing typed before it is live is lost, and nothing submits natively', async ({
  browser,
  baseURL,
}) => {
  // Without JavaScript the pre-rendered forms are there but disabled: Enter cannot send the fields
  // to the address bar, and no keystroke goes into a field that hydration would wipe.
  const noJs = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const still = await noJs.newPage();
  for (const [path, field] of [
    ['/login', 'Email or Username'],
    ['/register', 'Email'],
  ] as const) {
    await still.goto(path);
    await expect(still.getByLabel(field, { exact: true })).toBeDisabled();
    await expect(still.getByRole('button', { name: path === '/login' ? 'Login' : 'Register', exact: true })).toBeDisabled();
  }
  await noJs.close();

  // With it, the form is live once hydrated, and what is typed stays.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/register');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('early@example.com');
  await page.waitForLoadState('networkidle');
  await expect(email).toBeEnabled();
  await expect(email).toHaveValue('early@example.com');
  await context.close();
});

test('a visitor who scrolls a pre-rendered page before the app is live stays there, and its links work', async ({ page }) => {
  // The app's code held back a moment, as on a slow phone: the visitor scrolls to the footer first.
  await page.route('**/assets/core-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  await page.waitForLoadState('networkidle');
  // Starting the app did not scroll the page back to the top under the visitor's finger.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Your data' }).click();
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
});
