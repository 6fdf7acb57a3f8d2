import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logOut, newCustomerDetails, registerViaApi } from './support/accounts.ts';

/*
 * Account journeys through the UI. This file runs before route-guards.spec.ts (files run in name
 * order on one worker), which matters for the admin journey: it needs the admin as the server
 * creates him, without an address; the guard sweep fills it in.
 */

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function pickCountry(page: Page, typed: string, option: string) {
  await page.getByRole('combobox', { name: 'Country' }).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

test('a visitor registers, lands on /home, logs out (the old token stops working) and logs back in', async ({ page, request }) => {
  const customer = newCustomerDetails();
  await page.goto('/register');

  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Username').fill(`${customer.username}!`);
  await expect(page.getByLabel('Username')).toHaveValue(customer.username);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Mobile number').fill(customer.phoneNumber);
  await page.getByLabel('Address').fill(customer.address);
  await page.getByLabel('First Name').fill('Ann');
  await page.getByLabel('Last Name').fill('Lee');
  await page.getByLabel('City').fill(customer.city);
  await pickCountry(page, 'germ', 'Germany (DE) +49');

  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Please Agree Terms and Conditions to Continue!')).toBeVisible();
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Welcome, Ann' })).toBeVisible();
  expect(pathOf(page)).toBe('/home');
  await expect(page.getByRole('region', { name: 'Normal package' })).toContainText('You have no Normal package yet.');

  const token = (await page.evaluate("window.localStorage.getItem('token')")) as string;
  const signedOut = page.waitForResponse((res) => res.url().endsWith('/api/users/logout') && res.request().method() === 'POST');
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  expect((await signedOut).status()).toBe(200);
  // A copy of the token (another tab, a shared computer) is refused by the server now.
  const withOldToken = await request.post(`/api/users/load/${customer.email}`, { headers: { authorization: `Bearer ${token}` } });
  expect(withOldToken.status()).toBe(401);
  await logIn(page, customer.username, customer.password);
  await expect(page.getByRole('heading', { name: 'Welcome, Ann' })).toBeVisible();
  expect(pathOf(page)).toBe('/home');
});

test('a fresh admin works at once without details, may still fill them on /update, and logs in to /home', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, ADMIN.email, ADMIN.password);

  // Administrators buy nothing: no details popup, no detour to /update.
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  expect(pathOf(page)).toBe('/home');
  await expect(page.getByRole('dialog', { name: 'Please Update your Details' })).toHaveCount(0);

  await page.goto('/update');
  await expect(page.getByText('Please update your Details to continue')).toBeVisible();

  await page.getByRole('button', { name: 'UPDATE AND LOGOUT' }).click();
  await expect(page.getByText('Enter an address!')).toBeVisible();

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Admin');
  await page.getByLabel('Mobile number').fill('5550001111');
  await page.getByLabel('Address').fill('1 Admin Road');
  await page.getByLabel('City').fill('London');
  await pickCountry(page, 'united king', 'United Kingdom (GB) +44');
  await page.getByRole('button', { name: 'UPDATE AND LOGOUT' }).click();

  const confirm = page.getByRole('dialog', { name: 'Details Update' });
  await expect(confirm).toContainText('Click OK to update your details and Login Again !');
  await confirm.getByRole('button', { name: 'OK' }).click();

  await expect(page.getByLabel('Email or Username')).toBeVisible();
  expect(pathOf(page)).toBe('/login');
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
  expect(pathOf(page)).toBe('/home');
  await expect(page.getByRole('dialog', { name: 'Please Update your Details' })).toHaveCount(0);
});

test('a wrong password reloads the login page with the server message in the error line', async ({ page, request }) => {
  const { details } = await registerViaApi(request);
  // The server's own words for a failed sign-in, whatever they are.
  const refused = await request.post('/api/users/login', { data: { username: details.email, password: 'not-the-password' } });
  const { message } = (await refused.json()) as { message: string };

  await page.goto('/login');
  await logIn(page, details.email, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText(message);
  expect(pathOf(page)).toBe('/login');
  // A string: this project has no DOM types, the function runs in the page.
  expect(await page.evaluate("window.localStorage.getItem('token')")).toBeNull();
});

test('a customer resets a forgotten password with the code from the mail outbox', async ({ page, request, context }) => {
  const { details } = await registerViaApi(request);
  await page.goto('/forgotPassword');

  await page.getByLabel('Email', { exact: true }).fill(details.email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();

  // The sandbox outbox, newest first, in the same browser context.
  const outbox = await context.newPage();
  await outbox.goto('/sandbox/mail');
  const mail = outbox
    .locator('article')
    .filter({ hasText: `To ${details.email}` })
    .first();
  const code = /\b(\d{6})\b/.exec((await mail.locator('pre').textContent()) ?? '')?.[1];
  expect(code, 'a 6-digit code in the mail').toBeDefined();
  await outbox.close();

  await page.getByLabel('OTP', { exact: true }).fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-password-2');
  await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await page.getByRole('link', { name: 'Go to Login' }).click();
  await logIn(page, details.username, 'brand-new-password-2');
  await expect(page.getByRole('heading', { name: 'Welcome, Ann' })).toBeVisible();
  expect(pathOf(page)).toBe('/home');
});
