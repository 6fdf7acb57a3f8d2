import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  createWebsiteViaApi,
  customerWithPackages,
  loadUser,
  signInAdmin,
  signedInContext,
  toast,
  uniqueHost,
} from './support/accounts.ts';

/*
 * The website journeys in a real browser against the real server (sandbox mode, embedded 9Hits):
 * adding a normal and an seo website, pausing, activating, editing, checking delivered hits,
 * deleting, and the capacity limits. Every test registers its own customers.
 */

const pathOf = (page: Page) => new URL(page.url()).pathname;
const card = (page: Page, url: string) => page.getByRole('article', { name: url });

async function chooseOption(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Clicks Check hits and reads the number it shows once the answer is in. */
async function checkHits(site: Locator): Promise<number> {
  const button = site.getByRole('button', { name: 'Check hits' });
  await button.click();
  await expect(button).toBeEnabled();
  const shown = site.getByRole('status').filter({ hasText: 'Confirmed hits' });
  await expect(shown).toBeVisible();
  return Number((await shown.innerText()).replace(/\D/g, ''));
}

test('a customer adds a normal and an seo website, pauses, activates, edits, checks hits and deletes', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const session = await customerWithPackages(request, ['pkgBasic', 'pkgSEOStarter']);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  const name = uniqueHost('site');

  // A normal website: Referal with a preset, Specific Countries, 300 hits.
  await page.goto('/websites');
  await expect(page.getByRole('heading', { name: 'Websites', level: 1 })).toBeVisible();
  await expect(page.getByText('No websites yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add Website' }).click();
  await expect(page.getByRole('heading', { name: 'Create Website' })).toBeVisible();
  expect(pathOf(page)).toBe('/addWebsite');
  const normalUrl = `https://${name}.example.com/`;
  await page.getByRole('textbox', { name: 'Website address' }).fill(normalUrl);
  const slider = page.getByRole('slider', { name: 'Hits Per Day' });
  await slider.focus();
  await slider.press('ArrowRight');
  await slider.press('ArrowRight');
  await expect(page.getByTestId('hits-per-day-value')).toHaveText('300 Hits');
  await page.getByRole('radio', { name: 'Referal' }).check();
  await chooseOption(page, 'Referral preset', 'https://www.wikipedia.org');
  await expect(page.getByRole('textbox', { name: 'Referral address' })).toHaveValue('https://www.wikipedia.org');
  await page.getByRole('radio', { name: 'Specific Countries' }).check();
  await page.getByRole('checkbox', { name: 'Canada' }).check();
  await page.getByRole('checkbox', { name: 'Japan' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'The website was added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/websites\/normal$/);
  const normalCard = card(page, normalUrl);
  await expect(normalCard).toContainText('Referal (https://www.wikipedia.org)');
  await expect(normalCard).toContainText('Canada, Japan');
  await expect(normalCard).toContainText('300');

  // An seo website: youtube, 'Video title', two keywords.
  await page.getByRole('tab', { name: 'SEO' }).click();
  await expect(page).toHaveURL(/\/websites\/seo$/);
  await page.getByRole('link', { name: 'Add Website' }).click();
  await expect(page).toHaveURL(/\/create-website\/seo$/);
  const seoUrl = `https://www.youtube.com/watch?v=${name}`;
  await page.getByRole('textbox', { name: 'Website address' }).fill(seoUrl);
  await chooseOption(page, 'Search Engine', 'youtube');
  await page.getByRole('textbox', { name: 'Video title' }).fill('Red running shoes review');
  const keywords = page.getByRole('combobox', { name: 'Keywords' });
  await keywords.fill('running shoes');
  await keywords.press('Enter');
  await keywords.fill('red shoes');
  await keywords.press('Enter');
  // The same message is shown once at a time (toastId): the normal website's must have closed.
  await expect(toast(page, 'The website was added successfully')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'The website was added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/websites\/seo$/);
  const seoCard = card(page, seoUrl);
  await expect(seoCard).toContainText('Red running shoes review');
  await expect(seoCard).toContainText('Keywords: running shoes, red shoes');

  // Pause, then activate.
  await seoCard.getByRole('button', { name: 'Pause' }).click();
  await expect(toast(page, 'The website was paused successfully')).toBeVisible();
  await expect(seoCard.getByText('Paused', { exact: true })).toBeVisible();
  await seoCard.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'The website was activated successfully')).toBeVisible();
  await expect(seoCard.getByText('Active', { exact: true })).toBeVisible();

  // Edit: more hits.
  await seoCard.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Website' })).toBeVisible();
  expect(pathOf(page)).toMatch(/^\/edit-website\/\d+$/);
  // The address cannot change: it reads as text, not as an input.
  await expect(page.getByText(seoUrl, { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Website address' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Video title' })).toHaveValue('Red running shoes review');
  const editSlider = page.getByRole('slider', { name: 'Hits Per Day' });
  await editSlider.focus();
  await editSlider.press('ArrowRight');
  await expect(page.getByTestId('hits-per-day-value')).toHaveText('200 Hits');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'The website was edit successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/websites\/seo$/);
  const after = await loadUser(request, session);
  expect(after.websites.find((w) => w.url === seoUrl)?.daily_hit_limit).toBe(200);
  expect(after.stats.seo.availableHits).toBe(300);

  // Check hits: the running campaign's delivered hits grow.
  const first = await checkHits(seoCard);
  await expect.poll(() => checkHits(seoCard), { timeout: 120_000, intervals: [5_000] }).toBeGreaterThan(first);

  // Delete, after confirming.
  await seoCard.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm to submit' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'The website was deleted successfully')).toBeVisible();
  await expect(seoCard).toHaveCount(0);
  await expect(page.getByText('No websites yet')).toBeVisible();
  await context.close();
});

test('Add Website gives way to the limit text when the hits or the slots are used up', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const session = await customerWithPackages(request, ['pkgBasic']);
  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();

  // All 1000 hits to one website, with the slider at its end.
  await page.goto('/addWebsite');
  const url = `https://${uniqueHost('all')}.example.com/`;
  await page.getByRole('textbox', { name: 'Website address' }).fill(url);
  const slider = page.getByRole('slider', { name: 'Hits Per Day' });
  await slider.focus();
  await slider.press('End');
  await expect(page.getByTestId('hits-per-day-value')).toHaveText('1,000 Hits');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'The website was added successfully')).toBeVisible();
  await expect(card(page, url)).toBeVisible();
  await expect(page.getByText('You have reached the hit/slot limit. Purchase more to continue.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Website' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Purchase More' })).toHaveAttribute('href', '/traffic/normal');

  // Another customer fills all six slots with 100 hits each: hits are left, slots are not.
  const other = await customerWithPackages(request, ['pkgBasic']);
  for (let i = 0; i < 6; i++) {
    await createWebsiteViaApi(request, other, {
      email: other.data.email,
      username: other.data.username,
      url: `https://slot${i}-${uniqueHost('s')}.example.com/`,
      status: 'ACTIVE',
      traffic_source_type: '',
    });
  }
  expect((await loadUser(request, other)).stats.normal).toMatchObject({ availableHits: 400, availableSlots: 0 });
  const otherContext = await signedInContext(browser, baseURL!, other);
  const otherPage = await otherContext.newPage();
  await otherPage.goto('/websites/normal');
  await expect(otherPage.getByText('You have reached the hit/slot limit. Purchase more to continue.')).toBeVisible();
  await expect(otherPage.getByRole('article')).toHaveCount(6);
  await otherPage.goto('/addWebsite');
  await expect(otherPage.getByText('This package has no empty slots')).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await otherContext.close();
  await context.close();
});

test('the admin views a customer website as a read-only summary; Back leaves it as it was', async ({ browser, baseURL, request }) => {
  const session = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('view')}.example.com/`;
  const { id } = await createWebsiteViaApi(request, session, {
    url,
    daily_hit_limit: 400,
    traffic_source: 'Social',
    traffic_source_type: 'Reddit',
    status: 'ACTIVE',
  });

  const admin = await signInAdmin(request);
  const context = await signedInContext(browser, baseURL!, admin);
  const page = await context.newPage();
  await page.goto(`/viewWebsite/${id}`);
  await expect(page.getByRole('heading', { name: 'View Website' })).toBeVisible();
  await expect(page.getByRole('heading', { name: url })).toBeVisible();
  await expect(page.getByText('Social (Reddit)')).toBeVisible();
  await expect(page.getByText('400', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  // Opened directly, Back goes to the users list.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/users$/);
  expect((await loadUser(request, session)).websites[0]).toMatchObject({ url, daily_hit_limit: 400, traffic_source_type: 'Reddit' });
  await context.close();
});

test("a website 9Hits rejects says so on its card and in the admin's view; the admin sees the 9Hits account", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const session = await customerWithPackages(request, ['pkgBasic']);
  const url = `https://${uniqueHost('rejected')}.example.com/`;
  const { id } = await createWebsiteViaApi(request, session, { url, traffic_source_type: '', status: 'ACTIVE' });
  // The sync job creates the campaign at the embedded 9Hits; then its moderation rejects it.
  let key: string | null = null;
  await expect
    .poll(async () => (key = (await loadUser(request, session)).websites.find((w) => w.id === id)?.ninehits_key ?? null), {
      timeout: 30_000,
    })
    .not.toBeNull();
  const rejected = await request.post('/sandbox/9hits/control?key=sandbox-9hits-key', {
    data: { systemState: { id: Number(key), state: 'rejected' } },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const context = await signedInContext(browser, baseURL!, session);
  const page = await context.newPage();
  await page.goto('/websites');
  const site = card(page, url);
  await site.getByRole('button', { name: 'Check hits' }).click();
  await expect(site.getByRole('alert')).toContainText(
    'Rejected by 9Hits. 9Hits has rejected this campaign, so this website receives no traffic.',
  );
  await context.close();

  const admin = await signInAdmin(request);
  const adminContext = await signedInContext(browser, baseURL!, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/viewWebsite/${id}`);
  await expect(adminPage.getByRole('alert').filter({ hasText: 'Rejected by 9Hits' })).toBeVisible();
  await adminPage.goto('/home');
  const account = adminPage.getByRole('region', { name: '9Hits account' });
  await expect(account.getByRole('group', { name: 'Points' })).toContainText('1,000,000');
  await expect(account.getByRole('group', { name: 'Free campaign slots' })).toContainText('in use');
  await adminContext.close();
});
