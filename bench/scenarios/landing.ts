import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { gzipSize } from '../../apps/web/scripts/check-bundle.ts';
import { percentile } from '../lib/http.ts';
import { settings } from '../lib/settings.ts';

export const CHROMIUM_PATH = settings.chromiumPath;
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LOADS = 7;

export interface LandingResult {
  lcpMedian: number;
  lcpMax: number;
  fcpMedian: number;
  lcpElement: string;
  /** gzip -9 size of every JS file Chromium fetched for `/`, the lazy landing screen included. */
  jsFetchedGzip: number;
  jsFiles: number;
}

/**
 * Largest Contentful Paint of `/` for a first-time visitor (a fresh browser context: empty cache,
 * nothing stored), read from a PerformanceObserver registered before the page's own scripts.
 */
export async function measureLanding(base: string, distDir: string, log: (line: string) => void): Promise<LandingResult> {
  return coldLoads(base, '/', distDir, log);
}

/**
 * Largest Contentful Paint of a signed-in customer's `/home` (each load a fresh context holding
 * only the session, as after signing in on a new device).
 */
export function measureHome(
  base: string,
  distDir: string,
  session: { token: string; email: string },
  log: (line: string) => void,
): Promise<LandingResult> {
  return coldLoads(base, '/home', distDir, log, session);
}

async function coldLoads(
  base: string,
  path: string,
  distDir: string,
  log: (line: string) => void,
  session?: { token: string; email: string },
): Promise<LandingResult> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  try {
    const lcps: number[] = [];
    const fcps: number[] = [];
    let element = '';
    let js: string[] = [];
    for (let i = 0; i < LOADS; i++) {
      const origin = new URL(base).origin;
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        ...(session
          ? {
              storageState: {
                cookies: [],
                origins: [
                  {
                    origin,
                    localStorage: [
                      { name: 'token', value: session.token },
                      { name: 'email', value: session.email },
                    ],
                  },
                ],
              },
            }
          : {}),
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: { t: number; el: string }[] };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            w.__lcp.push({
              t: e.startTime,
              el: e.element ? `<${e.element.tagName.toLowerCase()}> ${(e.element.textContent ?? '').trim().slice(0, 50)}` : '?',
            });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
      const url = new URL(path, base);
      if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}`);
      await page.goto(url.toString(), { waitUntil: 'load', timeout: 30_000 });
      try {
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      } catch (error) {
        const html = await page
          .locator('body')
          .innerHTML()
          .catch(() => '?');
        throw new Error(`${path} did not render: ${(error as Error).message}\n${problems.join('\n')}\n${html.slice(0, 1500)}`, {
          cause: error,
        });
      }
      await page.waitForLoadState('networkidle');
      // LCP candidates are reported after the frame is presented.
      await page.waitForTimeout(300);
      const result = await page.evaluate(() => {
        const w = window as unknown as { __lcp: { t: number; el: string }[] };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const scripts = performance
          .getEntriesByType('resource')
          .map((r) => new URL(r.name).pathname)
          .filter((p) => p.endsWith('.js'));
        return { lcp: w.__lcp.at(-1), fcp, scripts };
      });
      if (!result.lcp) throw new Error('no largest-contentful-paint entry was reported');
      lcps.push(result.lcp.t);
      fcps.push(result.fcp);
      element = result.lcp.el;
      js = result.scripts;
      await context.close();
    }
    const jsFetchedGzip = js.reduce((sum, p) => sum + gzipSize(join(distDir, p)), 0);
    const res = {
      lcpMedian: percentile(lcps, 50),
      lcpMax: Math.max(...lcps),
      fcpMedian: percentile(fcps, 50),
      lcpElement: element,
      jsFetchedGzip,
      jsFiles: js.length,
    };
    log(
      `    LCP of ${path} over ${LOADS} cold loads: median ${res.lcpMedian.toFixed(0)} ms, max ${res.lcpMax.toFixed(0)} ms (each, in order: ${lcps.map((t) => t.toFixed(0)).join(' / ')}; FCP median ${res.fcpMedian.toFixed(0)} ms); ` +
        `element ${element}; ${js.length} JS files fetched, ${(jsFetchedGzip / 1000).toFixed(1)} kB gzip -9`,
    );
    return res;
  } finally {
    await browser.close();
  }
}
