import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
}

/** Same settings for every measured run, so the product and its limits compare like for like. */
export const LOAD = { connections: 50, durationS: 10, warmupS: 3 } as const;

type Options = autocannon.Options;

function summarise(r: autocannon.Result): LoadResult {
  const statusCodes = Object.fromEntries(
    Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
  };
}

/** A warm-up run (JIT, pools, caches), then the measured one; `after` runs after each. */
export async function measure(options: Options, log: (line: string) => void, after?: (phase: 'warm-up' | 'measured') => Promise<void>): Promise<LoadResult> {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}`);
  const base = { connections: LOAD.connections, pipelining: 1, timeout: 10, ...options };
  await autocannon({ ...base, duration: LOAD.warmupS });
  await after?.('warm-up');
  const result = summarise(await autocannon({ ...base, duration: LOAD.durationS }));
  await after?.('measured');
  log(
    `    ${options.title ?? options.url}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodes)}`,
  );
  return result;
}
