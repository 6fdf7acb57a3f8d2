/**
 * The measurement behind docs/decisions/0025-job-queue.md: the product's job table against pg-boss 10,
 * on the same PostgreSQL, in one run. pg-boss is not a dependency of the product; install it beside
 * the repository first, then:
 *
 *   npm i --no-save pg-boss@10
 *   node --import tsx bench/job-queue-compare.ts            # PostgreSQL from BENCH_PG_URL or the local one
 *
 * It measures, each side in a database of its own:
 *   1. enqueue in the business transaction: 2,000 transactions (an insert of a business row, then the
 *      job, then commit), 10 at a time: transactions per second and p50/p95 of one transaction;
 *   2. wake-up: a job inserted and committed by one connection, 40 times at random moments, and the
 *      time until a worker elsewhere starts it (ours: LISTEN/NOTIFY and a 1 s poll; pg-boss: its
 *      poll, at its smallest allowed interval of 0.5 s and at its default 2 s);
 *   3. drain: 5,000 due jobs run by one worker of 4 slots, no-op handler: jobs per second;
 *   4. whether pg-boss starts on PGlite (the embedded default) at all.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, runMigrations, type Database } from '@traffic/db';
import { enqueueJob } from '../apps/api/src/jobs/job-queue.ts';
import { JobRunner } from '../apps/api/src/jobs/job-runner.ts';
import { PgListener } from '../apps/api/src/lib/pg-listener.ts';
import { databaseUrl, dropDatabase, recreateDatabase } from './lib/pg-admin.ts';

/** The part of pg-boss 10's API used here. */
interface Boss {
  start(): Promise<unknown>;
  stop(options?: { graceful?: boolean; wait?: boolean }): Promise<void>;
  createQueue(name: string): Promise<void>;
  send(
    name: string,
    data: object,
    options?: { db?: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } },
  ): Promise<string | null>;
  work(
    name: string,
    options: { pollingIntervalSeconds?: number; batchSize?: number },
    handler: (jobs: unknown[]) => Promise<void>,
  ): Promise<string>;
  on(event: 'error', listener: (error: Error) => void): void;
}
type BossConstructor = new (options: object) => Boss;

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

const TRANSACTIONS = 2000;
const PARALLEL = 10;
const WAKES = 40;
const DRAIN = 5000;

async function loadBoss(): Promise<BossConstructor> {
  const specifier = process.env.PG_BOSS_MODULE ?? 'pg-boss';
  try {
    const module = (await import(specifier)) as { default: BossConstructor };
    return module.default;
  } catch {
    throw new Error(`pg-boss is not installed: run \`npm i --no-save pg-boss@10\` first (or set PG_BOSS_MODULE)`);
  }
}

/** Runs `count` transactions, `parallel` at a time; answers transactions per second and each one's milliseconds. */
async function transactions(pool: pg.Pool, count: number, parallel: number, enqueue: (client: pg.PoolClient, n: number) => Promise<void>) {
  await pool.query('create table if not exists business_rows (id bigserial primary key, n int not null)');
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      const client = await pool.connect();
      try {
        while (next < count) {
          const n = next++;
          const t = performance.now();
          await client.query('begin');
          await client.query('insert into business_rows (n) values ($1)', [n]);
          await enqueue(client, n);
          await client.query('commit');
          times.push(performance.now() - t);
        }
      } finally {
        client.release();
      }
    }),
  );
  return { perSecond: count / ((performance.now() - started) / 1000), p50: pct(times, 50), p95: pct(times, 95) };
}

/** Commits a job from another connection at random moments; answers the milliseconds until a worker started each. */
async function wakeUps(
  url: string,
  insert: (client: pg.Client, n: number) => Promise<void>,
  started: Map<number, number>,
): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const waits: number[] = [];
  try {
    for (let n = 0; n < WAKES; n++) {
      await sleep(150 + Math.random() * 600);
      const sent = performance.now();
      await insert(client, n);
      const end = Date.now() + 10_000;
      while (!started.has(n) && Date.now() < end) await sleep(2);
      waits.push((started.get(n) ?? Infinity) - sent);
    }
  } finally {
    await client.end();
  }
  return waits;
}

async function ours(url: string): Promise<Record<string, string>> {
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 20 });
  await runMigrations(database);
  const pool = database.pool!;
  const result: Record<string, string> = {};
  try {
    const tx = await transactions(pool, TRANSACTIONS, PARALLEL, async (client, n) => {
      await client.query(`insert into jobs (kind, payload) values ('bench', $1)`, [JSON.stringify({ n })]);
    });
    // The same statement enqueueJob() writes, sent on the transaction's own client (drizzle adds nothing to it).
    result.enqueue = `${fmt(tx.perSecond, 0)} tx/s, p50 ${fmt(tx.p50)} ms, p95 ${fmt(tx.p95)} ms`;
    await pool.query('delete from jobs');

    const started = new Map<number, number>();
    const runner = new JobRunner(database.db, log, { concurrency: 4 });
    runner.register('wake', async (payload) => void started.set(Number(payload.n), performance.now()));
    const listener = new PgListener(pool, log);
    runner.start();
    await listener.on('jobs_due', () => runner.wake());
    await sleep(500);
    const waits = await wakeUps(
      url,
      (c, n) => c.query(`insert into jobs (kind, payload) values ('wake', $1)`, [JSON.stringify({ n })]).then(() => undefined),
      started,
    );
    result.wake = `p50 ${fmt(pct(waits, 50))} ms, p95 ${fmt(pct(waits, 95))} ms, max ${fmt(Math.max(...waits))} ms`;
    await runner.stop(1000);
    await listener.close();

    for (let i = 0; i < DRAIN; i += 500)
      await pool.query(`insert into jobs (kind, payload) select 'noop', '{}' from generate_series(1, 500)`);
    const drainer = new JobRunner(database.db, log, { concurrency: 4 });
    drainer.register('noop', async () => undefined);
    const t = performance.now();
    const done = await drainer.drain();
    result.drain = `${fmt(done / ((performance.now() - t) / 1000), 0)} jobs/s (${done} jobs)`;
    void enqueueJob;
  } finally {
    await database.close();
  }
  return result;
}

async function boss(PgBoss: BossConstructor, url: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const instance = new PgBoss({ connectionString: url, max: 10, supervise: false, schedule: false });
  instance.on('error', () => undefined);
  try {
    await instance.start();
    for (const name of ['bench', 'wake', 'wake2', 'noop']) await instance.createQueue(name);
    const tx = await transactions(pool, TRANSACTIONS, PARALLEL, async (client, n) => {
      await instance.send('bench', { n }, { db: { executeSql: (text, values) => client.query(text, values as unknown[]) } });
    });
    result.enqueue = `${fmt(tx.perSecond, 0)} tx/s, p50 ${fmt(tx.p50)} ms, p95 ${fmt(tx.p95)} ms`;

    for (const [queue, seconds] of [
      ['wake', 0.5],
      ['wake2', 2],
    ] as const) {
      const started = new Map<number, number>();
      await instance.work(queue, { pollingIntervalSeconds: seconds, batchSize: 4 }, async (jobs) => {
        for (const job of jobs as { data: { n: number } }[]) started.set(job.data.n, performance.now());
      });
      await sleep(500);
      const waits = await wakeUps(url, (_c, n) => instance.send(queue, { n }).then(() => undefined), started);
      result[`wake ${seconds} s`] = `p50 ${fmt(pct(waits, 50))} ms, p95 ${fmt(pct(waits, 95))} ms, max ${fmt(Math.max(...waits))} ms`;
    }

    for (let i = 0; i < DRAIN; i++) await instance.send('noop', {});
    let done = 0;
    const t = performance.now();
    await instance.work('noop', { pollingIntervalSeconds: 0.5, batchSize: 4 }, async (jobs) => void (done += jobs.length));
    while (done < DRAIN && performance.now() - t < 300_000) await sleep(20);
    result.drain = `${fmt(done / ((performance.now() - t) / 1000), 0)} jobs/s (${done} jobs, batches of 4 at a 0.5 s poll)`;
  } finally {
    await instance.stop({ graceful: false, wait: true }).catch(() => undefined);
    await pool.end();
  }
  return result;
}

/** pg-boss on PGlite: it takes a `db` with executeSql, so it is given PGlite's. */
async function bossOnPglite(PgBoss: BossConstructor): Promise<string> {
  const database: Database = await openDatabase({ kind: 'memory' });
  try {
    const instance = new PgBoss({
      // PGlite's query() takes one statement with parameters, exec() several without: each as it fits.
      db: {
        executeSql: async (text: string, values?: unknown[]) =>
          values?.length ? database.pglite!.query(text, values) : { rows: (await database.pglite!.exec(text)).at(-1)?.rows ?? [] },
      },
      supervise: false,
      schedule: false,
    });
    instance.on('error', () => undefined);
    await instance.start();
    await instance.createQueue('q');
    const id = await instance.send('q', { n: 1 });
    let worked = false;
    await instance.work('q', { pollingIntervalSeconds: 0.5 }, async () => void (worked = true));
    for (let i = 0; i < 100 && !worked; i++) await sleep(50);
    await instance.stop({ graceful: false, wait: true });
    return `started, created a queue, sent a job (${id ? 'id returned' : 'no id'})${worked ? ' and ran it' : ', but no worker ran it within 5 s'}`;
  } catch (error) {
    return `failed: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    await database.close();
  }
}

const PgBoss = await loadBoss();
const suffix = randomBytes(3).toString('hex');
const names = { ours: `queue_ours_${suffix}`, boss: `queue_boss_${suffix}` };
try {
  const oursUrl = await recreateDatabase(names.ours);
  const bossUrl = await recreateDatabase(names.boss);
  console.log(`PostgreSQL: ${databaseUrl(names.ours).replace(/\/[^/]*$/, '')}; Node ${process.version}`);
  const a = await ours(oursUrl);
  const b = await boss(PgBoss, bossUrl);
  const pglite = await bossOnPglite(PgBoss);
  console.log('\n| measure | jobs table (this product) | pg-boss 10 |');
  console.log('|---|---|---|');
  console.log(`| enqueue in the business transaction (${TRANSACTIONS} tx, ${PARALLEL} at a time) | ${a.enqueue} | ${b.enqueue} |`);
  console.log(
    `| wake-up, commit to handler start (${WAKES} jobs) | ${a.wake} (NOTIFY) | ${b['wake 0.5 s']} (0.5 s poll, its minimum); ${b['wake 2 s']} (2 s, its default) |`,
  );
  console.log(`| drain ${DRAIN} due jobs, 4 at a time | ${a.drain} | ${b.drain} |`);
  console.log(`| on PGlite | every test and \`npm start\` | ${pglite} |`);
} finally {
  await dropDatabase(names.ours);
  await dropDatabase(names.boss);
}
