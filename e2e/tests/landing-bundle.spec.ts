import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { analyseBundle, gzipSize, LANDING_JS_BUDGET } from '../../apps/web/scripts/check-bundle.ts';

/*
 * The landing page's JavaScript budget, measured the way a visitor pays it: every JS file Chromium
 * fetches to render `/` in the production build the server serves. The build's own check
 * (apps/web/scripts/check-bundle.ts) counts the same files from Vite's manifest; this test proves
 * the two agree, so the build-time figure is what the browser really fetches.
 */
const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

test('a visitor on / fetches exactly the JavaScript the bundle check counts, within the budget', async ({ page }) => {
  const fetched = new Set<string>();
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) {
      const file = path.replace(/^\//, '');
      fetched.add(file);
      encodings.set(file, response.headers()['content-encoding'] ?? 'none');
    }
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page is pre-rendered: its heading shows before any script. The app then loads in steps
  // (src/main.tsx) and fetches the screen's chunk before it hydrates; the network may fall quiet
  // between two steps on a busy machine, so wait for the hydration itself.
  await expect
    .poll(() => page.locator('#root').evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
  await page.waitForLoadState('networkidle');

  const report = analyseBundle(dist);
  const counted = [...report.landing, ...report.landingRoute].map((file) => file.file);
  expect([...fetched].sort()).toEqual([...counted].sort());
  const fetchedGzip = [...fetched].reduce((sum, file) => sum + gzipSize(`${dist}/${file}`), 0);
  expect(fetchedGzip).toBe(report.totalGzip);
  expect(fetchedGzip).toBeLessThanOrEqual(LANDING_JS_BUDGET);
  // The build's compressed copies (apps/web/scripts/compress.ts) are what travels; a file too small
  // to be worth one (under 1 kB) has none and travels as it is.
  for (const [file, encoding] of encodings) {
    expect(encoding === 'none', file).toBe(!existsSync(`${dist}/${file}.gz`));
  }
});
