import { SIGNED_IN_FILE_BUDGET, SIGNED_IN_JS_BUDGET, type BundleReport } from '../../apps/web/scripts/check-bundle.ts';
import type { LandingResult } from './landing.ts';
import { LIGHTHOUSE_GOALS, type LighthouseCategory, type LighthouseResult } from './lighthouse.ts';

type Row = { metric: string; measured: string; target: string; pass: boolean | null };

/** A signed-in /home's Largest Contentful Paint goal (docs/performance.md). */
export const HOME_LCP_MS = 600;

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const LABELS: Record<LighthouseCategory, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
  seo: 'SEO',
};

/**
 * The web app's rows of the table: what a signed-in /home and /websites fetch before their first
 * paint (the build's count, which e2e/tests/signed-in-bundle.spec.ts proves is what Chromium
 * fetches), /home's LCP for a customer with 50 websites, and Lighthouse's mobile scores of each
 * public page against their goals.
 */
export function webRows(bundle: BundleReport, home: LandingResult | undefined, lighthouse: LighthouseResult[] | undefined): Row[] {
  const rows: Row[] = [];
  for (const [page, { files, gzip }] of Object.entries(bundle.signedIn)) {
    rows.push({
      metric: `Signed-in ${page}: JavaScript before its first paint`,
      measured: `${files.length} files, ${kB(gzip)} kB gzip -9${page === '/home' && home ? `; Chromium fetched ${home.jsFiles} files, ${kB(home.jsFetchedGzip)} kB with the charts that load after the cards` : ''}`,
      target: `≤ ${SIGNED_IN_FILE_BUDGET} files, ≤ ${SIGNED_IN_JS_BUDGET / 1000} kB`,
      pass: files.length <= SIGNED_IN_FILE_BUDGET && gzip <= SIGNED_IN_JS_BUDGET,
    });
  }
  if (home)
    rows.push({
      metric: 'LCP of /home, a customer with 50 websites (Chromium, cold)',
      measured: `median ${home.lcpMedian.toFixed(0)} ms, worst ${home.lcpMax.toFixed(0)} ms (${home.lcpElement})`,
      target: `≤ ${HOME_LCP_MS} ms`,
      pass: home.lcpMax <= HOME_LCP_MS,
    });
  for (const result of lighthouse ?? []) {
    const categories = Object.keys(LIGHTHOUSE_GOALS) as LighthouseCategory[];
    rows.push({
      metric: `Lighthouse mobile, ${result.path}`,
      measured: `${categories.map((c) => `${LABELS[c]} ${result.scores[c]}`).join(', ')} (LCP ${(result.lcpMs / 1000).toFixed(1)} s, TBT ${result.tbtMs.toFixed(0)} ms)`,
      target: categories.map((c) => `${LABELS[c]} ≥ ${LIGHTHOUSE_GOALS[c]}`).join(', '),
      pass: categories.every((c) => result.scores[c] >= LIGHTHOUSE_GOALS[c]),
    });
  }
  return rows;
}
