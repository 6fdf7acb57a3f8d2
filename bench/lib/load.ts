import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  /** The server's own CPU time per answered request (µs), when its pid was given: what contention does not stretch. */
  cpuUsPerRequest?: number;
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
export const LOAD = { connections: 50, durationS: 10, warmupS: 3, pairRoundS: 5 } as const;

type Options = autocannon.Options;

function summarise(r: autocannon.Result): LoadResult {
  const statusCodes = Object.fromEntries(
    Object.entries((r as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, s]) => [
      code,
      s.count,
    ]),
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

function logResult(log: (line: string) => void, title: string, result: LoadResult): void {
  log(
    `    ${title}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodes)}`,
  );
}

function baseOptions(options: Options): Options {
  const url = new URL(options.url);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to load ${url.host}`);
  return { connections: LOAD.connections, pipelining: 1, timeout: 10, ...options };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Several rounds of one target as one result: the mean rate, the median latencies, every failure. */
function combine(rounds: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    rps: sum((r) => r.rps) / rounds.length,
    total: sum((r) => r.total),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    max: Math.max(...rounds.map((r) => r.max)),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    statusCodes,
  };
}

/** Linux's clock tick (USER_HZ, 100 on every mainstream kernel), in µs. */
const TICK_US = 10_000;

/** utime + stime of a process, in clock ticks (/proc/<pid>/stat fields 14 and 15), when there is one. */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** Rounds of each side of a comparison, alternated (A B A B A B). */
export const PAIR_ROUNDS = 3;

/**
 * The product and its physical limit, measured in alternation after warming both up: a virtual
 * machine's speed drifts by tens of percent over a minute, and alternating puts that drift on both
 * sides alike instead of on whichever ran second. Each side's figure is the mean of its rounds.
 */
export async function measurePair(
  limit: Options & { title: string; pid?: number },
  product: Options & { title: string; pid?: number },
  log: (line: string) => void,
): Promise<{ limit: LoadResult; product: LoadResult }> {
  const pids = [limit.pid, product.pid];
  const sides = [limit, product].map(({ pid: _pid, ...options }) => baseOptions(options));
  for (const side of sides) await autocannon({ ...side, duration: LOAD.warmupS });
  const rounds: LoadResult[][] = [[], []];
  const cpu = [
    { ticks: 0, requests: 0 },
    { ticks: 0, requests: 0 },
  ];
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    for (const [i, side] of sides.entries()) {
      const before = cpuTicks(pids[i]);
      const result = summarise(await autocannon({ ...side, duration: LOAD.pairRoundS }));
      const after = cpuTicks(pids[i]);
      if (before !== undefined && after !== undefined) {
        cpu[i]!.ticks += after - before;
        cpu[i]!.requests += result.total;
      }
      rounds[i]!.push(result);
    }
  }
  const [limitResult, productResult] = rounds.map(combine) as [LoadResult, LoadResult];
  for (const [i, result] of [limitResult, productResult].entries())
    if (cpu[i]!.requests > 0) result.cpuUsPerRequest = (cpu[i]!.ticks * TICK_US) / cpu[i]!.requests;
  log(
    `    rounds (req/s): ${limit.title} ${rounds[0]!.map((r) => r.rps.toFixed(0)).join(' / ')}; ${product.title} ${rounds[1]!.map((r) => r.rps.toFixed(0)).join(' / ')}`,
  );
  if (limitResult.cpuUsPerRequest !== undefined && productResult.cpuUsPerRequest !== undefined)
    log(
      `    server CPU per request: ${limit.title} ${limitResult.cpuUsPerRequest.toFixed(1)} µs; ${product.title} ${productResult.cpuUsPerRequest.toFixed(1)} µs ` +
        `(= ${((100 * limitResult.cpuUsPerRequest) / productResult.cpuUsPerRequest).toFixed(0)}% of the limit's rate per CPU second)`,
    );
  logResult(log, limit.title, limitResult);
  logResult(log, product.title, productResult);
  return { limit: limitResult, product: productResult };
}

/** A warm-up run (JIT, pools, caches), then the measured one; `after` runs after each. */
export async function measure(
  options: Options & { pid?: number },
  log: (line: string) => void,
  after?: (phase: 'warm-up' | 'measured') => Promise<void>,
): Promise<LoadResult> {
  const { pid, ...rest } = options;
  const base = baseOptions(rest);
  await autocannon({ ...base, duration: LOAD.warmupS });
  await after?.('warm-up');
  const before = { server: cpuTicks(pid), postgres: postgresTicks() };
  const result = summarise(await autocannon({ ...base, duration: LOAD.durationS }));
  const server = cpuTicks(pid);
  const postgres = postgresTicks();
  await after?.('measured');
  logResult(log, options.title ?? options.url, result);
  if (server !== undefined && before.server !== undefined && result.total > 0) {
    result.cpuUsPerRequest = ((server - before.server) * TICK_US) / result.total;
    log(
      `    CPU per request: the server ${result.cpuUsPerRequest.toFixed(0)} µs, PostgreSQL ${(((postgres - before.postgres) * TICK_US) / result.total).toFixed(0)} µs (every postgres process of this machine)`,
    );
  }
  return result;
}

/** utime + stime of every process named postgres on this machine (its server and backends), in clock ticks. */
function postgresTicks(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}
