import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  analyseBundle,
  gzipSize,
  SIGNED_IN_FILE_BUDGET,
  SIGNED_IN_JS_BUDGET,
  type SignedInPage,
} from '../../apps/web/scripts/check-bundle.ts';
import { customerWithPackages, signedInContext } from './support/accounts.ts';

/*
 * A signed-in page's JavaScript budget, measured the way a customer pays it: every JS file Chromium
 * fetches to paint /home and /websites for a stored session, in the production build the server
 * serves. The build's own check (apps/web/scripts/check-bundle.ts) counts the same files from Vite's
 * manifest; this test proves the two agree, so the build-time figure is what the browser fetches.
 * The customer has no website: nothing loads a chart, which comes after the cards (its own chunks).
 */
const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

const firstPaint: Record<SignedInPage, string> = {
  '/home': 'Your subscriptions, one per package type.',
  '/websites': 'The websites receiving traffic from your packages, one list per package type.',
};

for (const path of ['/home', '/websites'] as const) {
  test(`a customer on ${path} fetches exactly the JavaScript the bundle check counts, within the budget`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const session = await customerWithPackages(request, ['pkgBasic']);
    const context = await signedInContext(browser, baseURL!, session);
    const page = await context.newPage();
    const fetched = new Set<string>();
    page.on('response', (response) => {
      const file = new URL(response.url()).pathname;
      if (file.endsWith('.js')) fetched.add(file.replace(/^\//, ''));
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(firstPaint[path]).first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const counted = analyseBundle(dist).signedIn[path];
    expect([...fetched].sort()).toEqual(counted.files.map((f) => f.file).sort());
    const fetchedGzip = [...fetched].reduce((sum, file) => sum + gzipSize(`${dist}/${file}`), 0);
    expect(fetchedGzip).toBe(counted.gzip);
    expect(fetched.size).toBeLessThanOrEqual(SIGNED_IN_FILE_BUDGET);
    expect(fetchedGzip).toBeLessThanOrEqual(SIGNED_IN_JS_BUDGET);
    await context.close();
  });
}
