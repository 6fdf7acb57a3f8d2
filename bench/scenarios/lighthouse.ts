import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { settings } from '../lib/settings.ts';

/** The public pages Lighthouse scores (apps/web/src/app/public-pages.ts, pre-rendered at build time). */
export const LIGHTHOUSE_PAGES = ['/', '/pricings', '/login', '/register', '/about', '/tos', '/privacy'] as const;

/** Runs per page: Lighthouse's performance score moves by several points from one run to the next. */
export const LIGHTHOUSE_RUNS = 3;

/** Goals per category, out of 100: its default mobile run (a mid-range phone on slow 4G, simulated). */
export const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
export type LighthouseCategory = keyof typeof LIGHTHOUSE_GOALS;

export interface LighthouseResult {
  path: string;
  /** How many runs the figures are the median of. */
  runs: number;
  scores: Record<LighthouseCategory, number>;
  /** Largest Contentful Paint, First Contentful Paint and Total Blocking Time as simulated, ms. */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /**
   * Total Blocking Time recomputed from the run's trace with each task's CPU time (the renderer
   * thread's own time, which other processes on the machine barely change) instead of its wall time,
   * and the performance score with that TBT in place of Lighthouse's: what a quiet machine would
   * give. `tbtTraceMs` is the same sum over wall times, to check the method against `tbtMs`.
   */
  tbtCpuMs: number;
  tbtTraceMs: number;
  performanceCpu: number;
  /** The machine's 1-minute load average when each run started. */
  load: number[];
  /** The audits of a category under its goal that cost it points, worst first (of the median run). */
  failing: string[];
}

/** One run's figures, and the main thread's longest tasks as Lighthouse observed them (unscaled). */
export interface LighthouseRun extends Omit<LighthouseResult, 'runs' | 'load'> {
  load: number;
  longTasks: string[];
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string } };
}

/**
 * Lighthouse's TBT in its default (simulated) run is, in essence, the sum over the main thread's
 * tasks after the first contentful paint of (4 × the task's observed duration − 50 ms). Recomputed
 * here over the page's renderer main thread, with wall time and with CPU time.
 */
export function blockingTime(events: TraceEvent[], url: string): { wall: number; cpu: number } {
  const parse = events.filter((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url).at(-1);
  if (!parse) return { wall: NaN, cpu: NaN };
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid).at(-1)?.ts ?? parse.ts;
  let wall = 0;
  let cpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || e.pid !== parse.pid || e.tid !== parse.tid || e.ts < fcp) continue;
    wall += Math.max(0, (4 * (e.dur ?? 0)) / 1000 - 50);
    cpu += Math.max(0, (4 * (e.tdur ?? e.dur ?? 0)) / 1000 - 50);
  }
  return { wall, cpu };
}

/**
 * One Lighthouse run. On a busy machine Chromium's trace sometimes misses the navigation's start
 * (NO_NAVSTART): such a run is repeated, up to three times.
 */
async function runLighthouse(url: string, port: number, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
    if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!run.lhr.runtimeError) return run;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${run.lhr.runtimeError.message}`);
    log(`    Lighthouse on ${url}: ${run.lhr.runtimeError.code}, running it again`);
  }
}

/**
 * Lighthouse 12's default (mobile) run of one page in a fresh Debian Chromium (CHROMIUM_PATH, given
 * to chrome-launcher: nothing downloads a browser; no cache or storage from an earlier run).
 */
export async function lighthouseOnce(url: URL): Promise<LighthouseRun> {
  const chromePath = settings.chromiumPath;
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}`);
  const load = loadavg()[0]!;
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const { lhr, artifacts } = await runLighthouse(url.toString(), chrome.port, () => {});
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
    // The 'long-tasks' diagnostic: the main thread's tasks over 50 ms in the simulated (4× slower) run.
    const details = lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number; startTime?: number }[] } | undefined;
    const longTasks = (details?.items ?? []).map(
      (t) => `${(t.duration ?? 0).toFixed(0)} ms at ${(t.startTime ?? 0).toFixed(0)} ms ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    );
    const blocking = blockingTime(artifacts.Trace.traceEvents as TraceEvent[], lhr.finalDisplayedUrl);
    // The performance score again, with the CPU-time TBT scored on Lighthouse's own curve.
    const tbt = lhr.audits['total-blocking-time'];
    const curve = tbt?.scoringOptions as { p10: number; median: number } | undefined;
    let weighted = 0;
    let weights = 0;
    for (const ref of lhr.categories.performance?.auditRefs ?? []) {
      if (!ref.weight) continue;
      const score =
        ref.id === 'total-blocking-time' && curve ? Audit.computeLogNormalScore(curve, blocking.cpu) : (lhr.audits[ref.id]?.score ?? 0);
      weighted += ref.weight * score;
      weights += ref.weight;
    }
    return {
      path: url.pathname,
      scores,
      lcpMs: ms('largest-contentful-paint'),
      fcpMs: ms('first-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      tbtCpuMs: blocking.cpu,
      tbtTraceMs: blocking.wall,
      performanceCpu: Math.round((100 * weighted) / weights),
      failing,
      load,
      longTasks,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The median of each figure over a page's runs; `failing` of the run with the median performance. */
export function medianResult(path: string, runs: LighthouseRun[]): LighthouseResult {
  const scores = {} as Record<LighthouseCategory, number>;
  for (const category of Object.keys(LIGHTHOUSE_GOALS) as LighthouseCategory[])
    scores[category] = median(runs.map((r) => r.scores[category]));
  const byPerformance = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    path,
    runs: runs.length,
    scores,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    tbtCpuMs: median(runs.map((r) => r.tbtCpuMs)),
    tbtTraceMs: median(runs.map((r) => r.tbtTraceMs)),
    performanceCpu: median(runs.map((r) => r.performanceCpu)),
    load: runs.map((r) => r.load),
    failing: byPerformance[byPerformance.length >> 1]?.failing ?? [],
  };
}

export const describeRun = (r: Omit<LighthouseResult, 'path' | 'runs' | 'load' | 'failing'>) =>
  `performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, best practices ${r.scores['best-practices']}, SEO ${r.scores.seo}; ` +
  `LCP ${r.lcpMs.toFixed(0)} ms, FCP ${r.fcpMs.toFixed(0)} ms, TBT ${r.tbtMs.toFixed(0)} ms (from the trace: ${r.tbtTraceMs.toFixed(0)} ms; ` +
  `with CPU time ${r.tbtCpuMs.toFixed(0)} ms, performance ${r.performanceCpu})`;

/**
 * Lighthouse 12's default (mobile) run over each public page, `runs` times each (one page at a time,
 * a fresh Chromium each time), on the server at `base` (loopback only): the median of each figure.
 */
export async function measureLighthouse(
  base: string,
  log: (line: string) => void,
  { pages = LIGHTHOUSE_PAGES, runs = LIGHTHOUSE_RUNS }: { pages?: readonly string[]; runs?: number } = {},
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const path of pages) {
    const done: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) done.push(await lighthouseOnce(new URL(path, base)));
    const result = medianResult(path, done);
    results.push(result);
    log(
      `    Lighthouse ${path} (median of ${runs}, load ${result.load.map((l) => l.toFixed(1)).join('/')}): ${describeRun(result)}` +
        `${result.failing.length ? `\n      ${result.failing.join('\n      ')}` : ''}`,
    );
  }
  return results;
}
