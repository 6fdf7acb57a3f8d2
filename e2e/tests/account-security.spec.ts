import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import { PNG } from 'pngjs';
import { bearer, logOut, registerViaApi, signedInContext, signInAdmin, toast } from './support/accounts.ts';
import { buyByCard, pathOf } from './support/checkout.ts';
import { clickMenuItem } from './support/menus.ts';

/** Account security in Chromium: two-factor sign-in, sessions, and the admin's audit log (decision 0023). */

async function logIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * The otpauth URL the QR code on the page encodes, read from its pixels as a phone's camera would:
 * the image the page shows, drawn alone on a blank page (the app's sticky header may cover it in place).
 */
async function readQrCode(page: Page): Promise<string> {
  const image = page.getByRole('img', { name: 'QR code to add this account to your authenticator app' });
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src'))!;
  const blank = await page.context().newPage();
  await blank.setContent(`<img alt="qr" src="${src}" style="width:400px;height:400px;display:block">`);
  const shot = await blank.getByRole('img', { name: 'qr' }).screenshot();
  await blank.close();
  const png = PNG.sync.read(shot);
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: 'attemptBoth' });
  if (!found) throw new Error('no QR code found in the enrolment image');
  return found.data;
}

/**
 * The code of the next 30-second step, as an authenticator whose clock runs one step ahead shows it:
 * a code works once, so the sign-in after the enrolment needs a newer one, and the server accepts
 * one step of drift (apps/api/src/modules/accounts/totp.ts). No waiting for the real clock.
 */
const nextStepCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('two-factor sign-in: enrol by the QR code, sign in with a code, and a recovery code works once', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { details, session } = await registerViaApi(request);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Account security', level: 1 })).toBeVisible();
  const twoFactor = page.getByRole('region', { name: 'Two-factor sign-in' });
  await twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

  const otpauth = new URL(await readQrCode(page));
  expect(otpauth.protocol).toBe('otpauth:');
  expect(decodeURIComponent(otpauth.pathname)).toContain(details.email);
  const secret = otpauth.searchParams.get('secret')!;
  await expect(page.getByTestId('totp-secret')).toHaveText(secret);

  const confirm = twoFactor.getByRole('form', { name: 'Confirm two-factor sign-in' });
  await confirm.getByLabel('Password', { exact: true }).fill(details.password);
  await confirm.getByLabel('Code from the app').fill(await generate({ secret }));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expect(twoFactor).toContainText('10');
  await context.close();

  // A new browser: the password alone is not enough any more.
  const fresh = await browser.newContext({ baseURL });
  const signIn = await fresh.newPage();
  await logIn(signIn, details.username, details.password);
  const step = signIn.getByRole('form', { name: 'Two-factor sign-in' });
  await step.getByLabel('Authentication code').fill(await nextStepCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => pathOf(signIn)).toBe('/home');
  await logOut(signIn);
  await expect.poll(() => pathOf(signIn)).toBe('/login');

  // A recovery code instead of the app's code: once.
  for (const attempt of ['first', 'second'] as const) {
    await logIn(signIn, details.username, details.password);
    await step.getByRole('button', { name: 'Use a recovery code' }).click();
    await step.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await step.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect.poll(() => pathOf(signIn)).toBe('/home');
      await logOut(signIn);
      await expect.poll(() => pathOf(signIn)).toBe('/login');
    } else {
      await expect(step.getByRole('alert')).toContainText('That code did not work.');
      expect(pathOf(signIn)).toBe('/login');
    }
  }
  await fresh.close();
});

test('signing out another session ends it: that browser is sent to sign in again', async ({ browser, baseURL, request }) => {
  const { details, session } = await registerViaApi(request);
  const laptop = await (await signedInContext(browser, baseURL!, session)).newPage();
  const phoneContext = await browser.newContext({ baseURL });
  const phone = await phoneContext.newPage();
  await logIn(phone, details.username, details.password);
  await expect.poll(() => pathOf(phone)).not.toBe('/login');

  await laptop.goto('/security');
  const sessions = laptop.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions).toContainText('This device');
  // The one other session's button (the phone's); "Sign out everywhere else" is below the list.
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await phone.goto('/home');
  await expect.poll(() => pathOf(phone)).toBe('/login');
  const refused = await phone.request.get('/api/account/security', {
    headers: { authorization: `Bearer ${await phone.evaluate(() => localStorage.getItem('token') ?? 'gone')}` },
  });
  expect(refused.status()).toBe(401);
  await laptop.reload();
  await expect(laptop.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);
  await phoneContext.close();
});

test("an admin's refund and package grants appear in the audit log with what they changed", async ({ browser, baseURL, request }) => {
  const { details, session } = await registerViaApi(request);
  const customer = await (await signedInContext(browser, baseURL!, session)).newPage();
  await buyByCard(customer, 'Basic');

  const adminSession = await signInAdmin(request);
  const adminPage = await (await signedInContext(browser, baseURL!, adminSession)).newPage();
  await adminPage.goto(`/admin/payments?search=${encodeURIComponent(details.email)}`);
  const payments = adminPage.getByRole('table', { name: 'Payments' });
  await payments.getByRole('button', { name: `Refund 14.99 USD to ${details.email}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Refund this payment?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked for a refund');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(adminPage, `Refunded 14.99 USD to ${details.email}.`)).toBeVisible();

  for (const pkg of ['pkgBasic', 'pkgStandard']) {
    const granted = await request.post('/api/users/addPackage', { headers: bearer(adminSession), data: { pkg, email: details.email } });
    expect(granted.status(), await granted.text()).toBe(200);
  }

  await adminPage.goto('/admin/audit-log');
  await adminPage.getByRole('searchbox', { name: 'Target' }).fill(details.email);
  await expect.poll(() => new URL(adminPage.url()).searchParams.get('target')).toBe(details.email);
  const log = adminPage.getByRole('table', { name: 'Audit log' });
  const rows = log.getByRole('row').filter({ hasText: adminSession.data.email });
  await expect(rows).toHaveCount(3);
  const [newest, older, refund] = [rows.nth(0), rows.nth(1), rows.nth(2)];
  await expect(newest).toContainText('Package granted');
  await expect(newest).toContainText('package: pkgBasic → pkgStandard');
  await expect(older).toContainText('Package granted');
  await expect(older).toContainText('package: pkgBasic');
  await expect(refund).toContainText('Payment refunded');
  await expect(refund).toContainText('status: paid → refunded');
  await expect(refund).toContainText('amount: 14.99 → 14.99');

  await adminPage.getByRole('combobox', { name: 'Action' }).click();
  await adminPage.getByRole('option', { name: 'Payment refunded' }).click();
  await expect(log.getByRole('row').filter({ hasText: details.email })).toHaveCount(1);
});

test('an admin turns off two-factor sign-in for a customer who lost the app and the codes; the customer sees it', async ({
  browser,
  baseURL,
  request,
}) => {
  const { details, session } = await registerViaApi(request);
  const setup = await request.post('/api/account/two-factor/setup', { headers: bearer(session) });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/account/two-factor/enable', {
    headers: bearer(session),
    data: { password: details.password, code: await generate({ secret }) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);

  const adminPage = await (await signedInContext(browser, baseURL!, await signInAdmin(request))).newPage();
  await adminPage.goto('/users');
  await adminPage.getByRole('searchbox', { name: 'Search' }).fill(details.email);
  const row = adminPage.getByRole('table', { name: 'Users details' }).getByRole('row').filter({ hasText: details.email });
  await row.getByRole('button', { name: `Actions for ${details.username}` }).click();
  const turnOff = adminPage.getByRole('menuitem', { name: `Turn off two-factor sign-in of ${details.username}` });
  await clickMenuItem(turnOff);
  const dialog = adminPage.getByRole('dialog', { name: `Turn off two-factor sign-in for ${details.email}?` });
  await dialog.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(toast(adminPage, `Two-factor sign-in is off for ${details.username}.`)).toBeVisible();
  // The list is asked again: the menu item is gone with the second factor.
  await row.getByRole('button', { name: `Actions for ${details.username}` }).click();
  await expect(adminPage.getByRole('menuitem', { name: `End all sessions of ${details.username}` })).toBeVisible();
  await expect(turnOff).toHaveCount(0);
  await adminPage.keyboard.press('Escape');

  // The password alone signs the customer in now, and their activity says who turned it off.
  const page = await (await browser.newContext({ baseURL })).newPage();
  await logIn(page, details.username, details.password);
  await expect.poll(() => pathOf(page)).toBe('/home');
  await page.goto('/security');
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' })).toContainText('Two-factor sign-in is off.');
  await expect(page.getByRole('list', { name: 'Security activity' })).toContainText('Two-factor sign-in turned off by an administrator');
});
