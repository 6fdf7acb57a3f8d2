import { existsSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { settings } from '../lib/settings.ts';

/** The public pages Lighthouse scores (apps/web/src/app/public-pages.ts, pre-rendered at build time). */
export const LIGHTHOUSE_PAGES = ['/', '/pricings', '/login', '/register', '/about', '/tos'] as const;

/** Goals per category, out of 100: its default mobile run (a mid-range phone on slow 4G, simulated). */
export const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
export type LighthouseCategory = keyof typeof LIGHTHOUSE_GOALS;

export interface LighthouseResult {
  path: string;
  scores: Record<LighthouseCategory, number>;
  /** Largest Contentful Paint, First Contentful Paint and Total Blocking Time as simulated, ms. */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** The audits of a category under its goal that cost it points, worst first. */
  failing: string[];
}

/**
 * One Lighthouse run. On a busy machine Chromium's trace sometimes misses the navigation's start
 * (NO_NAVSTART): such a run is repeated, up to three times.
 */
async function runLighthouse(url: string, port: number, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!run.lhr.runtimeError) return run.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
    log(`    Lighthouse on ${url}: ${run.lhr.runtimeError.code}, running it again`);
  }
}

/**
 * Lighthouse 12's default (mobile) run over each public page, one page at a time in Debian's
 * Chromium (CHROMIUM_PATH, given to chrome-launcher: nothing downloads a browser), on the server at
 * `base` (loopback only).
 */
export async function measureLighthouse(base: string, log: (line: string) => void): Promise<LighthouseResult[]> {
  const chromePath = settings.chromiumPath;
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const results: LighthouseResult[] = [];
  for (const path of LIGHTHOUSE_PAGES) {
    const url = new URL(path, base);
    if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}`);
    // A fresh browser per page: no cache or storage carried from one page to the next.
    const chrome = await launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-sync',
      ],
    });
    try {
      const lhr = await runLighthouse(url.toString(), chrome.port, log);
      const scores = {} as Record<LighthouseCategory, number>;
      const failing: string[] = [];
      for (const category of Object.keys(LIGHTHOUSE_GOALS) as LighthouseCategory[]) {
        const entry = lhr.categories[category];
        scores[category] = Math.round((entry?.score ?? 0) * 100);
        if (scores[category] >= LIGHTHOUSE_GOALS[category]) continue;
        for (const ref of entry?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.push(`${category}: ${ref.id} ${audit.displayValue ?? ''} (score ${audit.score})`.replace(/\s+\(/, ' ('));
        }
      }
      const ms = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const result = {
        path,
        scores,
        lcpMs: ms('largest-contentful-paint'),
        fcpMs: ms('first-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        failing,
      };
      results.push(result);
      log(
        `    Lighthouse ${path}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}; ` +
          `LCP ${result.lcpMs.toFixed(0)} ms, FCP ${result.fcpMs.toFixed(0)} ms, TBT ${result.tbtMs.toFixed(0)} ms${failing.length ? `\n      ${failing.join('\n      ')}` : ''}`,
      );
    } finally {
      chrome.kill();
    }
  }
  return results;
}
