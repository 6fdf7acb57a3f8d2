import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { accountsApi } from '@traffic/shared/contract/accounts';
import type { User as LoadedUser } from '@traffic/shared/schemas/accounts.schema';
import type { ResponseOf } from '@traffic/shared/contract/endpoint';
import { clickMenuItem } from './menus.ts';

/** The admin the e2e server is started with (playwright.config.ts). */
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };

/** A session as register and login answer it (the shared wire schema's type; login may answer a two-factor challenge instead). */
export type ApiSession = ResponseOf<typeof accountsApi.register>;

/** Unique per call, and never a run of six digits (the reset-code mail is searched for one). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}x${Math.random().toString(36).slice(2, 7)}`;
}

/** A unique host label for a website address: lower case and hyphens, as a domain name must be (no '_'). */
export function uniqueHost(prefix: string): string {
  return uniqueName(prefix).toLowerCase().replaceAll('_', '-');
}

export function newCustomerDetails() {
  const username = uniqueName('e2e');
  return {
    email: `${username.toLowerCase()}@example.com`,
    username,
    password: 'customer-password-1',
    address: '1 Main Street',
    phoneNumber: '5551234567',
    fullName: 'Ann/Lee',
    country: 'Germany',
    city: 'Berlin',
  };
}

export async function registerViaApi(request: APIRequestContext, details = newCustomerDetails()) {
  const response = await request.post('/api/users', { data: details });
  expect(response.status(), await response.text()).toBe(201);
  return { details, session: (await response.json()) as ApiSession };
}

/** The seeded admin, signed in through the API. */
export function signInAdmin(request: APIRequestContext): Promise<ApiSession> {
  return loginViaApi(request, ADMIN.email, ADMIN.password);
}

export async function loginViaApi(request: APIRequestContext, username: string, password: string): Promise<ApiSession> {
  const response = await request.post('/api/users/login', { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as ResponseOf<typeof accountsApi.login>;
  if (!('token' in answer)) throw new Error(`${username} has two-factor sign-in on: sign in with a code`);
  return answer;
}

/**
 * The admin, signed in, with his details filled: for the journeys that need an admin whose details
 * are on file (the route table's /update row). Administrators are never held for details otherwise.
 */
export async function adminWithDetails(request: APIRequestContext): Promise<ApiSession> {
  const session = await loginViaApi(request, ADMIN.email, ADMIN.password);
  const response = await request.put(`/api/users/update/${encodeURIComponent(ADMIN.email)}`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { address: '1 Admin Road', phoneNumber: '5550001111', fullName: 'Ada/Admin', city: 'London', country: 'United Kingdom' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { ...session, data: { ...session.data, address: '1 Admin Road' } };
}

/**
 * A browser context already signed in, the way the web app keeps a session: token and email in
 * localStorage (the app loads the user from the server on start).
 */
export function signedInContext(browser: Browser, baseURL: string, session: ApiSession): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: new URL(baseURL).origin,
          localStorage: [
            { name: 'token', value: session.token },
            { name: 'email', value: session.data.email },
          ],
        },
      ],
    },
  });
}

export const bearer = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` });

/**
 * A new customer holding each of `packages`, granted by the admin through the API. The admin signs
 * in as seeded (the API needs no details), so journeys that look at a fresh admin still find one.
 */
export async function customerWithPackages(request: APIRequestContext, packages: string[]): Promise<ApiSession> {
  const admin = await signInAdmin(request);
  const { details, session } = await registerViaApi(request);
  for (const pkg of packages) {
    const grant = await request.post('/api/users/addPackage', { headers: bearer(admin), data: { pkg, email: details.email } });
    expect(grant.status(), await grant.text()).toBe(200);
  }
  return session;
}

/** The user object as the server answers it now. */
export async function loadUser(request: APIRequestContext, session: ApiSession): Promise<LoadedUser> {
  const response = await request.post(`/api/users/load/${encodeURIComponent(session.data.email)}`, { headers: bearer(session) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoadedUser;
}

/**
 * Creates a website through the API as `session`: a Direct, all-countries website of 100 hits a
 * day unless `overrides` say otherwise. Answers the website as the server stored it.
 */
export async function createWebsiteViaApi(
  request: APIRequestContext,
  session: ApiSession,
  overrides: Record<string, unknown> & { url: string },
): Promise<LoadedUser['websites'][number]> {
  const response = await request.post('/api/website', {
    headers: bearer(session),
    data: {
      daily_hit_limit: 100,
      traffic_source: 'Direct',
      bounce_rate_reduction: true,
      geolocation_type: 'All Countries',
      geolocations: [],
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as LoadedUser['websites'][number];
}

/** A toast on screen holding `text`. */
export const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

/**
 * Logs out from the app bar: the account menu's Logout from 1280 px (the bar holds the menu on one
 * line), the drawer's below.
 */
export async function logOut(page: Page): Promise<void> {
  const account = page.getByRole('button', { name: 'Account', exact: true });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  // The signed-in header is its own lazily loaded chunk, so a page's heading can paint before it:
  // wait for whichever of the two the width shows (a role query skips the hidden one).
  await expect(account.or(openMenu)).toBeVisible();
  if (await account.isVisible()) {
    await account.click();
    await clickMenuItem(page.getByRole('menuitem', { name: 'Logout' }));
  } else {
    await openMenu.click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
  }
}
