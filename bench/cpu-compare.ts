/**
 * Server CPU per request of variants of the product against the bare Fastify route, on a shared
 * machine (docs/performance.md, "How to decide on a loaded machine"). Wall-clock rates there move
 * with whatever else runs; the CPU a server spends on a fixed number of requests moves much less.
 *
 *   DATABASE_URL=postgres:///perf node --import tsx bench/cpu-compare.ts [requests] [rounds] [VAR=1,OTHER=1 ...]
 *
 * Starts the built server (`npm run build:server` first; the database migrated) once per variant —
 * a variant is a comma-separated list of environment settings, e.g. `LOG_LEVEL=warn`, where
 * `SERVER_JS=<path>` runs another build instead (say, main's, built and copied aside) and
 * `NODE_ARGS=--flag+--other` replaces npm run serve's node flags (`NODE_ARGS=` for none); the first
 * server is always the defaults — and `bench/bare-server.ts` sending the same `/api/packages` body;
 * then, in alternated rounds, sends each `requests` GETs of /api/packages at 50 connections and
 * reads its utime+stime from /proc. Each server's CPU while idle (its timers, the job poller) over
 * the round's wall time is subtracted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { call } from './lib/http.ts';
import { cpuTicks } from './lib/load.ts';
import { freePort, serveNodeArgs, startNode, type Started } from './lib/process.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const [requestsArg, roundsArg, ...variantArgs] = process.argv.slice(2);
const REQUESTS = Number(requestsArg ?? 20_000);
const ROUNDS = Number(roundsArg ?? 3);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

/** `A=1,B=x=y` → { A: '1', B: 'x=y' }: a value may hold '=' (a node flag's). */
const parseVariant = (v: string) =>
  Object.fromEntries(v.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const variants = [{}, ...variantArgs.map(parseVariant)];
const dataDir = mkdtempSync(join(tmpdir(), 'cpu-compare-'));
const servers: { name: string; base: string; server: Started }[] = [];
const tickUs = 10_000;

async function idleTicksPerSecond(pid: number): Promise<number> {
  const before = cpuTicks(pid)!;
  await new Promise((r) => setTimeout(r, 3000));
  return (cpuTicks(pid)! - before) / 3;
}

try {
  for (const [i, { SERVER_JS: serverJs, NODE_ARGS: nodeArgs, ...variant }] of variants.entries()) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startNode(
      // npm run serve's node flags (or NODE_ARGS's), with another build's server file when SERVER_JS names one.
      serveNodeArgs({ flags: nodeArgs?.split('+').filter(Boolean), script: serverJs }),
      {
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ADMIN_EMAIL: `cpu-compare-${i}@example.com`,
        ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
        PAYMENTS_MODE: 'sandbox',
        DELIVERY_COLLECT_SECONDS: '86400',
        ...variant,
      },
      `${base}/api/health`,
      ROOT,
      120_000,
    );
    servers.push({ name: [serverJs, nodeArgs, ...Object.keys(variant)].filter(Boolean).join(' ') || 'product', base, server });
  }
  const body = (await call(servers[0]!.base, 'GET', '/api/packages')).text;
  writeFileSync(join(dataDir, 'packages.json'), body);
  const barePort = await freePort();
  const bare = await startNode(
    [
      '--import',
      'tsx',
      'bench/bare-server.ts',
      JSON.stringify({ port: barePort, bodyFile: join(dataDir, 'packages.json'), databaseUrl, rowId: 1 }),
    ],
    { NODE_ENV: 'production' },
    `http://127.0.0.1:${barePort}/health`,
    ROOT,
  );
  const targets = [
    { name: 'bare', url: `http://127.0.0.1:${barePort}/fixed`, server: bare },
    ...servers.map((s) => ({ name: s.name, url: `${s.base}/api/packages`, server: s.server })),
  ];
  const idle = new Map<string, number>();
  for (const t of targets) idle.set(t.name, await idleTicksPerSecond(t.server.pid));
  const perRequest = new Map<string, number[]>();
  for (const t of targets) await autocannon({ url: t.url, connections: 50, amount: Math.min(REQUESTS, 5000) });
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const before = cpuTicks(t.server.pid)!;
      const started = Date.now();
      const result = await autocannon({ url: t.url, connections: 50, amount: REQUESTS });
      const seconds = (Date.now() - started) / 1000;
      const ticks = cpuTicks(t.server.pid)! - before - idle.get(t.name)! * seconds;
      const us = (ticks * tickUs) / result.requests.total;
      perRequest.set(t.name, [...(perRequest.get(t.name) ?? []), us]);
      console.log(
        `round ${round + 1} ${t.name}: ${us.toFixed(1)} µs/request (${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx})`,
      );
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bareUs = mean(perRequest.get('bare')!);
  console.log(`idle CPU (ticks/s): ${[...idle].map(([n, v]) => `${n} ${v.toFixed(2)}`).join(', ')}`);
  for (const [name, values] of perRequest)
    console.log(
      `${name}: ${mean(values).toFixed(1)} µs/request (${values.map((v) => v.toFixed(0)).join(' / ')}) = ${((100 * bareUs) / mean(values)).toFixed(0)}% of bare`,
    );
  await bare.stop();
} finally {
  for (const s of servers) await s.server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
