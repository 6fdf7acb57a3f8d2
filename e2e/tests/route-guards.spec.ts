import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { adminWithDetails, registerViaApi, signedInContext, type ApiSession } from './support/accounts.ts';

/*
 * Visits every route of the route table (docs/product.md section 2) as a visitor, a customer and the
 * admin, and checks where each visit ends. The expected page follows from the route's access rule.
 */

type Persona = 'visitor' | 'customer' | 'admin';

type Rule =
  | 'open'
  | 'visitorsOnly' // signed-in users go to /home
  | 'signedIn' // visitors go to /login
  | 'needsDetails' // only while the address is missing, else /home; visitors go to /login
  | 'activeUser' // status ACTIVE only, else /websites; visitors go to /login
  | 'adminElseLogin' // ROLE_ADMIN only, else /login
  | 'adminElseHome'; // ROLE_ADMIN only, else /home

/** Every row of the table, with sample parameters. */
const ROUTES: [url: string, rule: Rule][] = [
  ['/', 'visitorsOnly'],
  ['/login', 'visitorsOnly'],
  ['/register', 'visitorsOnly'],
  ['/forgotPassword', 'open'],
  ['/pricing', 'open'],
  ['/pricing/seo', 'open'],
  ['/pricings', 'visitorsOnly'],
  ['/home', 'signedIn'],
  ['/websites', 'signedIn'],
  ['/websites/seo', 'signedIn'],
  ['/traffic', 'signedIn'],
  ['/traffic/normal', 'signedIn'],
  ['/support', 'signedIn'],
  ['/update', 'needsDetails'],
  ['/create-website/seo', 'activeUser'],
  ['/edit-website/1', 'activeUser'],
  ['/editWebsite/1', 'activeUser'],
  ['/addWebsite', 'activeUser'],
  ['/purchase', 'open'],
  ['/purchaseaddon', 'open'],
  ['/cancel', 'open'],
  ['/tos', 'open'],
  ['/about', 'open'],
  ['/admin/addPackage', 'adminElseLogin'],
  ['/addNotifications', 'adminElseLogin'],
  ['/viewWebsite/1', 'adminElseHome'],
  ['/users', 'adminElseHome'],
  ['/managesubscriptions', 'adminElseHome'],
  ['/addslots', 'adminElseHome'],
  ['/addhits', 'adminElseHome'],
  ['/adduserpackage', 'adminElseHome'],
  ['/adduserextension', 'adminElseHome'],
  ['/editpackage', 'adminElseHome'],
  ['/editslots', 'adminElseHome'],
  ['/edithits', 'adminElseHome'],
  ['/adminaddpackage', 'adminElseHome'],
];

/**
 * Where a visit ends. Redirects chain: a visitor sent to /home goes on to /login, and a signed-in
 * user sent to /login goes on to /home. The customer has filled details but no package (INACTIVE);
 * the admin is ACTIVE with filled details.
 */
function finalPath(url: string, rule: Rule, persona: Persona): string {
  const signedIn = persona !== 'visitor';
  switch (rule) {
    case 'open':
      return url;
    case 'visitorsOnly':
      return signedIn ? '/home' : url;
    case 'signedIn':
      return signedIn ? url : '/login';
    case 'needsDetails':
      return signedIn ? '/home' : '/login';
    case 'activeUser':
      return persona === 'admin' ? url : persona === 'customer' ? '/websites' : '/login';
    case 'adminElseLogin':
    case 'adminElseHome':
      return persona === 'admin' ? url : signedIn ? '/home' : '/login';
  }
}

async function sweep(context: BrowserContext, persona: Persona) {
  const page = await context.newPage();
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(`${page.url()}: ${error.message}`));

  const results: string[] = [];
  const expected: string[] = [];
  for (const [url, rule] of ROUTES) {
    const target = finalPath(url, rule, persona);
    await page.goto(url);
    await expect.poll(() => new URL(page.url()).pathname, { message: `${persona} at ${url}` }).toBe(target);
    // Settled: a page (every screen has a heading) is up, so no redirect is pending; still there?
    await expect(page.getByRole('heading').first()).toBeVisible();
    results.push(`${url} -> ${new URL(page.url()).pathname}`);
    expected.push(`${url} -> ${target}`);
  }
  expect(results).toEqual(expected);
  expect(crashes).toEqual([]);
  await page.close();
}

async function sessionContext(browser: Browser, baseURL: string | undefined, session: ApiSession) {
  if (!baseURL) throw new Error('baseURL is set in playwright.config.ts');
  return signedInContext(browser, baseURL, session);
}

// Each sweep opens all 36 routes, several of them lazily loaded screens: more than the default 30 s.
test.describe.configure({ timeout: 180_000 });

test('a visitor ends where the route table sends a visitor', async ({ context }) => {
  await sweep(context, 'visitor');
});

test('a customer without a package ends where the route table sends a customer', async ({ browser, baseURL, request }) => {
  const { session } = await registerViaApi(request);
  expect(session.data).toMatchObject({ role: 'ROLE_USER', status: 'INACTIVE' });
  const context = await sessionContext(browser, baseURL, session);
  await sweep(context, 'customer');
  await context.close();
});

test('the admin ends where the route table sends an admin', async ({ browser, baseURL, request }) => {
  const session = await adminWithDetails(request);
  expect(session.data).toMatchObject({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
  const context = await sessionContext(browser, baseURL, session);
  await sweep(context, 'admin');
  await context.close();
});
