import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { NINEHITS_SYNC_JOB } from '../src/modules/websites/delivery-jobs.ts';
import { Cleanup } from './support/cleanup.ts';
import { query } from './support/databases.ts';
import { redisUrl, repoRoot } from './support/env.ts';
import { FakeNinehits } from './support/fake-ninehits.ts';
import { haproxyConfig, startHaproxy } from './support/haproxy.ts';
import { recordClaimsAndRuns } from './support/instrumentation.ts';
import { PrivatePostgres } from './support/private-postgres.ts';
import { startServer, type ServerProcess } from './support/server-process.ts';
import { createWebsite, customerWithPackage, loginAdmin, type HttpSession } from './support/api.ts';
import { attempt } from './support/http.ts';
import { sleep, waitFor } from './support/wait.ts';

/**
 * The reference deployment (compose.yaml, docs/deploy.md) on one machine: three built server
 * processes (`node apps/api/dist/main.js`) on PostgreSQL and Redis behind Debian's HAProxy running
 * deploy/haproxy.cfg, migrated beforehand by `npm run db:migrate`'s apps/api/dist/migrate.js. A
 * customer workload runs through HAProxy while the servers are restarted one by one, one is
 * killed, and PostgreSQL goes away for ten seconds. PostgreSQL is a private cluster of this file,
 * so stopping it touches no other test. Ports: HAProxy 3139, servers 3132-3134, PostgreSQL 3138.
 */
const FRONT = 3139;
const PORTS = [3132, 3133, 3134];
const PG_PORT = 3138;
const CUSTOMERS = 6;
/** A request slower than this is a hang, not an answer. */
const HANG_MS = 5_000;

interface Outcome {
  at: number;
  ms: number;
  status: number;
  what: string;
  /** What a failed request was answered (its first bytes) or why it got no answer. */
  error?: string;
}

/**
 * Each customer in a loop of its own: load its account, then change its address to the next
 * number. The last address acknowledged (200) must be the one stored: nothing acknowledged is lost.
 */
class CustomerLoad {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged = new Map<string, number>();
  private stopped = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly customers: HttpSession[],
  ) {}

  start(): this {
    this.loops = this.customers.map((c) => this.loop(c));
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }

  between(from: number, to = Infinity): Outcome[] {
    return this.outcomes.filter((o) => o.at >= from && o.at < to);
  }

  private async loop(customer: HttpSession): Promise<void> {
    const email = customer.user.email;
    for (let n = (this.acknowledged.get(email) ?? 0) + 1; !this.stopped; n++) {
      await this.call('load', () =>
        attempt(this.base, 'POST', `/api/users/load/${email}`, { headers: customer.headers, timeoutMs: 15_000 }),
      );
      const details = {
        address: `${n} Main Street`,
        phoneNumber: '94771234567',
        fullName: 'Ada/Lovelace',
        city: 'Colombo',
        country: 'Sri Lanka',
      };
      const status = await this.call('update', () =>
        attempt(this.base, 'PUT', `/api/users/update/${email}`, { headers: customer.headers, json: details, timeoutMs: 15_000 }),
      );
      if (status === 200) this.acknowledged.set(email, n);
      await sleep(status === 200 ? 20 : 200);
    }
  }

  private async call(what: string, send: () => ReturnType<typeof attempt>): Promise<number> {
    const at = Date.now();
    const res = await send();
    const error = res.error ?? (res.status === 200 ? undefined : res.body.replace(/\s+/g, ' ').slice(0, 120));
    this.outcomes.push({ at, ms: Date.now() - at, status: res.status, what, ...(error ? { error } : {}) });
    return res.status;
  }
}

function figures(outcomes: Outcome[]) {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
  const statuses: Record<string, number> = {};
  for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  return {
    requests: outcomes.length,
    failed: outcomes.filter((o) => o.status !== 200).length,
    p50: pct(50),
    p99: pct(99),
    max: ms.at(-1) ?? 0,
    statuses,
  };
}

const failures = (outcomes: Outcome[]) =>
  outcomes
    .filter((o) => o.status !== 200)
    .map((o) => `${o.what} ${o.status} ${o.error ?? ''} at ${new Date(o.at).toISOString()} for ${o.ms} ms`);

describe('three servers behind HAProxy: rolling restart, a crash, a database outage', () => {
  const cleanup = new Cleanup();
  let pg: PrivatePostgres;
  let dbUrl: string;
  let fake: FakeNinehits;
  const servers: ServerProcess[] = [];
  let proxy: { baseUrl: string; output(): string };
  let customers: HttpSession[];
  let siteOwner: HttpSession;
  let generation = 0;

  const start = async (i: number) => {
    servers[i] = await startServer(cleanup, {
      name: `rel-lb-${i + 1}-${++generation}`,
      port: PORTS[i]!,
      built: true,
      env: {
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl(),
        NINEHITS_BASE_URL: fake.baseUrl,
        MIGRATE_AT_START: 'false',
        // Taken out of rotation by HAProxy's checks (two, a second apart) before the port closes.
        SHUTDOWN_DELAY_SECONDS: '3',
        SHUTDOWN_DEADLINE_SECONDS: '5',
      },
    });
    return servers[i];
  };
  const readyStatus = async (server: ServerProcess) =>
    (await attempt(server.baseUrl, 'GET', '/api/health/ready', { timeoutMs: HANG_MS })).status;
  /** HAProxy sends a server traffic again after two good checks a second apart (deploy/haproxy.cfg, `rise 2`). */
  const backInRotation = async (server: ServerProcess) => {
    await waitFor(`${server.name} ready`, async () => (await readyStatus(server)) === 200, { timeoutMs: 30_000, intervalMs: 100 });
    await sleep(4_000);
  };
  const expectNothingLost = async (load: CustomerLoad) => {
    const rows = await query<{ email: string; address: string }>(dbUrl, 'select email, address from users where email = any($1)', [
      customers.map((c) => c.user.email),
    ]);
    expect(rows).toHaveLength(customers.length);
    for (const row of rows) expect(row.address).toBe(`${load.acknowledged.get(row.email)} Main Street`);
  };

  beforeAll(async () => {
    pg = await PrivatePostgres.create(cleanup, PG_PORT);
    await query(pg.url, 'create database traffic');
    dbUrl = pg.databaseUrl('traffic');
    // npm run db:migrate, as its own step: the servers below do not migrate (MIGRATE_AT_START=false).
    const migrated = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['apps/api/dist/migrate.js'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: dbUrl },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(migrated, migrated.output).toMatchObject({ code: 0, output: expect.stringContaining('Migrations applied to PostgreSQL') });
    await recordClaimsAndRuns(dbUrl);
    fake = await FakeNinehits.start(cleanup);
    for (let i = 0; i < PORTS.length; i++) await start(i);
    proxy = await startHaproxy(
      cleanup,
      haproxyConfig(
        FRONT,
        PORTS.map((port, i) => ({ name: `s${i + 1}`, port })),
      ),
      FRONT,
      '/api/health/ready',
    );
    // All three in rotation before any figure is taken.
    for (const server of servers) await backInRotation(server);
    const admin = await loginAdmin(proxy.baseUrl);
    customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await customerWithPackage(proxy.baseUrl, admin, 'pkgBasic'));
    siteOwner = await customerWithPackage(proxy.baseUrl, admin, 'pkgPremiumPlus');
  });
  afterAll(() => cleanup.run());

  it('(a) rolling restart of all three, one after another: not one request fails', async () => {
    const load = new CustomerLoad(proxy.baseUrl, customers).start();
    await sleep(3_000);
    const began = Date.now();
    const stopsMs: number[] = [];
    try {
      for (let i = 0; i < servers.length; i++) {
        const old = servers[i]!;
        const stopping = Date.now();
        await old.stop();
        stopsMs.push(Date.now() - stopping);
        expect(old.exitCode, old.output().slice(-3000)).toBe(0);
        await backInRotation(await start(i));
      }
      await sleep(3_000);
    } finally {
      await load.stop();
    }
    const during = figures(load.between(began));
    console.info(
      `HAProxy rolling restart of 3 servers (${Math.round((Date.now() - began) / 1000)} s): ${during.requests} requests, ${during.failed} failed, p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms; SIGTERM to exit ${stopsMs.join(', ')} ms`,
    );
    expect(failures(load.outcomes)).toEqual([]);
    expect(during.requests).toBeGreaterThan(100);
    await expectNothingLost(load);
  });

  it('(b) SIGKILL of one mid-load: the others answer on, its leased job is taken over after the lease, once', async () => {
    fake.fail('hold', { path: 'siteAdd', times: 1 });
    const load = new CustomerLoad(proxy.baseUrl, customers).start();
    let killedAt = 0;
    let diedAt = 0;
    let victim: ServerProcess | undefined;
    try {
      await sleep(2_000);
      const sites: number[] = [];
      for (let k = 0; k < 3; k++) {
        const res = await createWebsite(proxy.baseUrl, siteOwner, { url: `https://lb-${k}.example.com/`, daily_hit_limit: 100 });
        expect(res.status, res.body).toBe(201);
        sites.push(res.json<{ id: number }>().id);
      }
      await Promise.race([fake.waitForHeld(), sleep(30_000).then(() => Promise.reject(new Error('no sync job called 9Hits')))]);
      // The held call's job: the one sync job still leased once the others are done.
      const held = await waitFor(
        'one sync job left running',
        async () => {
          const running = await query<{ id: string }>(
            dbUrl,
            `select id from jobs where kind = $1 and done_at is null and failed_at is null and locked_until > now()`,
            [NINEHITS_SYNC_JOB],
          );
          return running.length === 1 ? running[0]!.id : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      const [claim] = await query<{ app: string }>(dbUrl, 'select app from reliability_job_claims where job_id = $1', [held]);
      const index = servers.findIndex((s) => s.name === claim?.app);
      expect(index, `claimed by ${claim?.app}`).toBeGreaterThanOrEqual(0);
      victim = servers[index]!;
      killedAt = Date.now();
      await victim.kill();
      diedAt = Date.now();
      await sleep(5_000);
      // Three again, as an orchestrator would restart it.
      await backInRotation(await start(index));
      await sleep(2_000);
    } finally {
      await load.stop();
    }
    // Requests in flight when the process died may fail (those it was answering); every other
    // request, before or after, is answered: one sent to the dead port is refused and HAProxy
    // sends it to another server.
    const inFlight = load.outcomes.filter((o) => o.at <= diedAt && o.at + o.ms >= killedAt);
    const others = load.outcomes.filter((o) => !inFlight.includes(o));
    console.info(
      `HAProxy SIGKILL of 1 of 3 servers (it took ${diedAt - killedAt} ms to die): ${inFlight.length} requests in flight at the kill, ${failures(inFlight).length} of them failed; every other request: ${JSON.stringify(figures(others))}`,
    );
    expect(failures(others), `killed at ${new Date(killedAt).toISOString()}, gone ${diedAt - killedAt} ms later`).toEqual([]);
    expect(failures(inFlight).length).toBeLessThanOrEqual(CUSTOMERS);
    await expectNothingLost(load);

    const leaseStart = Date.now();
    await waitFor(
      "the killed process's job taken over after its lease",
      async () =>
        (
          await query<{ n: number }>(
            dbUrl,
            `select count(*)::int as n from jobs where kind = $1 and done_at is null and failed_at is null`,
            [NINEHITS_SYNC_JOB],
          )
        )[0]!.n === 0,
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    console.info(
      `HAProxy SIGKILL: the killed process's 9Hits job finished ${Math.round((Date.now() - killedAt) / 1000)} s after the kill (lease 60 s)`,
    );
    expect(Date.now() - leaseStart).toBeGreaterThan(0);
    const synced = await query<{ id: number; ninehits_key: string | null; sync_state: string }>(
      dbUrl,
      'select id, ninehits_key, sync_state from websites where user_id = $1',
      [siteOwner.user.id],
    );
    expect(synced).toHaveLength(3);
    for (const site of synced) {
      expect(site.sync_state).toBe('synced');
      expect(fake.campaigns.has(Number(site.ninehits_key))).toBe(true);
    }
    // None twice: one campaign per website, even for the one whose siteAdd answer died with its process.
    expect(fake.campaigns.size).toBe(3);
    expect(new Set(fake.added).size).toBe(fake.added.length);
    const claims = await query<{ job_id: string; app: string }>(dbUrl, 'select job_id, app from reliability_job_claims where kind = $1', [
      NINEHITS_SYNC_JOB,
    ]);
    const heldClaims = claims.filter((c) => claims.filter((d) => d.job_id === c.job_id).length > 1);
    expect(heldClaims.map((c) => c.app)).toContain(victim!.name);
    expect(new Set(heldClaims.map((c) => c.app)).size).toBe(2);
  });

  it('(c) PostgreSQL stopped for 10 s: readiness red, a quick 503 not a hang, nothing lost, back within seconds', async () => {
    const load = new CustomerLoad(proxy.baseUrl, customers).start();
    let stoppedAt: number;
    let startedAt: number;
    let redAfterMs: number;
    let greenAfterMs: number;
    let recovered: number;
    try {
      await sleep(2_000);
      stoppedAt = Date.now();
      await pg.stop();
      await waitFor('every server to report not ready', async () => (await Promise.all(servers.map(readyStatus))).every((s) => s === 503), {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      redAfterMs = Date.now() - stoppedAt;
      await sleep(Math.max(0, 10_000 - (Date.now() - stoppedAt)));
      startedAt = Date.now();
      await pg.start();
      await waitFor('every server ready again', async () => (await Promise.all(servers.map(readyStatus))).every((s) => s === 200), {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      greenAfterMs = Date.now() - startedAt;
      // Two HAProxy checks to have them back in rotation, then at least 20 answers to judge by.
      await sleep(3_000);
      recovered = Date.now();
      await waitFor('20 customer answers after the recovery', async () => load.between(recovered).length >= 20, {
        timeoutMs: 60_000,
        intervalMs: 100,
      });
    } finally {
      await load.stop();
    }
    const outage = load.between(stoppedAt, startedAt);
    const after = load.between(recovered);
    const firstOk = load.between(startedAt).find((o) => o.status === 200);
    console.info(
      `HAProxy with PostgreSQL stopped 10 s: readiness red after ${redAfterMs} ms, ready again ${greenAfterMs} ms after PostgreSQL, first customer answer ${firstOk ? firstOk.at + firstOk.ms - startedAt : '-'} ms after; outage ${JSON.stringify(figures(outage))}; after ${JSON.stringify(figures(after))}`,
    );
    // Clear and quick: every failure is a 503 (from a server, or from HAProxy with none ready), none a hang.
    expect(outage.filter((o) => o.status !== 200 && o.status !== 503).map((o) => `${o.what} ${o.status} ${o.error ?? ''}`)).toEqual([]);
    expect(figures(outage).max).toBeLessThan(HANG_MS);
    expect(figures(outage).statuses['503'] ?? 0).toBeGreaterThan(0);
    expect(greenAfterMs).toBeLessThan(15_000);
    expect(failures(after)).toEqual([]);
    await expectNothingLost(load);
  });
});
