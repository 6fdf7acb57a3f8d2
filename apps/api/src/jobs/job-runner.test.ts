import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows } from '@traffic/db';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { enqueueJob, retryDelayMs } from './job-queue.ts';
import { JobRunner, JobStopped, type JobRunnerOptions, type RunningJob } from './job-runner.ts';
import { PgListener } from '../lib/pg-listener.ts';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A handler that waits for its signal (as every handler calling out does) and tells why it stopped. */
const waitForSignal = (seen: unknown[]) => async (_payload: Record<string, unknown>, job: RunningJob) => {
  await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve(), { once: true }));
  seen.push(job.signal.reason);
  throw job.signal.reason;
};

describe('the job runner: one worker per job, leases kept or given back, parallel up to its setting', () => {
  let t: TestDatabase;
  const runners: JobRunner[] = [];
  const runner = (options: JobRunnerOptions = {}) => {
    const r = new JobRunner(t.database.db, log, { pollMs: 50, ...options });
    runners.push(r);
    return r;
  };
  const jobRow = async (kind: string) => {
    const [row] = await queryRows<{
      attempts: number;
      locked_until: string | null;
      locked_by: string | null;
      done_at: string | null;
      failed_at: string | null;
      last_error: string | null;
      due_in_ms: number;
    }>(
      t.database.db,
      sql`select attempts, locked_until, locked_by, done_at, failed_at, last_error,
                 (extract(epoch from (run_at - now())) * 1000)::float8 as due_in_ms
          from jobs where kind = ${kind}`,
    );
    return row!;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  beforeEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop(0)));
    await t.database.db.execute(sql`delete from jobs`);
  });
  afterAll(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop(0)));
    await t.destroy();
  });

  it('runs jobs in parallel up to its concurrency, and two runners never run one job twice', async () => {
    for (let i = 0; i < 24; i++) await enqueueJob(t.database.db, 'work', { n: i });
    const runs: number[] = [];
    let now = 0;
    let most = 0;
    const handler = async (payload: Record<string, unknown>) => {
      now++;
      most = Math.max(most, now);
      await sleep(30);
      runs.push(Number(payload.n));
      now--;
    };
    const [a, b] = [runner({ concurrency: 3 }), runner({ concurrency: 3 })];
    a.register('work', handler);
    b.register('work', handler);
    a.start();
    b.start();
    await until(
      'every job to be done',
      async () => (await queryRows(t.database.db, sql`select 1 from jobs where done_at is null`)).length === 0,
    );
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(most).toBeGreaterThan(3);
    expect(most).toBeLessThanOrEqual(6);
  });

  /** The database, counting the runner's claims (its `update jobs set locked_until = now() + …`). */
  const countingClaims = () => {
    const db = t.database.db;
    const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
    const counter = { claims: 0, db };
    counter.db = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          if (/^(\/\* prepared \*\/ )?update jobs set locked_until = now\(\) \+/.test(dialect.sqlToQuery(query).sql)) counter.claims++;
          return target.execute(query);
        };
      },
    });
    return counter;
  };

  it('claims once for the wakes of one turn, and not again when a job ends with nothing left to run', async () => {
    const counted = countingClaims();
    const r = new JobRunner(counted.db, log, { pollMs: 60_000, concurrency: 4 });
    runners.push(r);
    let ran = 0;
    r.register('work', async () => void ran++);
    r.start();
    await until('the first claim', () => counted.claims === 1);
    await enqueueJob(t.database.db, 'work', {});
    // A commit heard, then the request's kick: one claim.
    r.wake();
    r.kick();
    r.wake();
    await until('the job to run', () => ran === 1);
    await sleep(300);
    expect(counted.claims).toBe(2);
  });

  it('claims again as a job ends while due jobs wait for a slot, without waiting for the poll', async () => {
    const counted = countingClaims();
    const r = new JobRunner(counted.db, log, { pollMs: 60_000, concurrency: 1 });
    runners.push(r);
    for (let i = 0; i < 3; i++) await enqueueJob(t.database.db, 'work', { n: i });
    // Announced while the one slot is busy: the job after it is claimed as the slot frees.
    let release = () => {};
    const first = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    r.register('work', async (payload) => {
      if (ran.length === 0) await first;
      ran.push(Number(payload.n));
    });
    r.start();
    await until('the first job to start', () => counted.claims === 1);
    await enqueueJob(t.database.db, 'work', { n: 3 });
    r.wake();
    await sleep(50);
    release();
    await until('every job to run', () => ran.length === 4, 2_000);
    expect(ran).toEqual([0, 1, 2, 3]);
  });

  it('renews the lease of a job that runs longer than its lease, so no other runner takes it', async () => {
    await enqueueJob(t.database.db, 'slow', {});
    let runs = 0;
    const slow = async () => {
      runs++;
      await sleep(1500);
    };
    const a = runner({ leaseMs: 400 });
    a.register('slow', slow);
    a.start();
    await until('the job to start', () => runs === 1);
    const b = runner({ leaseMs: 400 });
    b.register('slow', slow);
    b.start();
    await until('the job to be done', async () => (await jobRow('slow')).done_at !== null, 5000);
    expect(runs).toBe(1);
    expect((await jobRow('slow')).attempts).toBe(1);
  });

  it('aborts a job whose lease another worker holds now, and records nothing for it', async () => {
    await enqueueJob(t.database.db, 'taken', {});
    const seen: unknown[] = [];
    const a = runner({ leaseMs: 400 });
    a.register('taken', waitForSignal(seen));
    a.start();
    await until('the job to be leased', async () => (await jobRow('taken')).locked_by !== null);
    // Another worker's claim (as after a lease that ran out while this process was frozen).
    await t.database.db.execute(
      sql`update jobs set locked_by = gen_random_uuid(), locked_until = now() + interval '1 hour' where kind = 'taken'`,
    );
    await until('the handler to be stopped', () => seen.length === 1, 3000);
    expect(seen[0]).toBeInstanceOf(JobStopped);
    expect((seen[0] as JobStopped).reason).toBe('lease');
    await sleep(100);
    const row = await jobRow('taken');
    expect(row).toMatchObject({ done_at: null, failed_at: null, last_error: null });
  });

  it('stops a handler at its deadline and retries it later, after a jittered backoff', async () => {
    await enqueueJob(t.database.db, 'stuck', {});
    const seen: unknown[] = [];
    const a = runner({ timeoutMs: 200 });
    a.register('stuck', waitForSignal(seen));
    a.start();
    await until('the attempt to be recorded', async () => (await jobRow('stuck')).last_error !== null);
    const row = await jobRow('stuck');
    expect((seen[0] as JobStopped).reason).toBe('deadline');
    expect(row.last_error).toBe('the job ran past its deadline');
    expect(row.locked_by).toBeNull();
    // Attempt 1 backs off 1 to 2 s.
    expect(row.due_in_ms).toBeGreaterThan(500);
    expect(row.due_in_ms).toBeLessThanOrEqual(2000);
  });

  it('spreads retries over the second half of each backoff step', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1000);
    expect(retryDelayMs(1, () => 1)).toBe(2000);
    expect(retryDelayMs(5, () => 0.5)).toBe(24_000);
    expect(retryDelayMs(30, () => 1)).toBe(600_000);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs(4)));
    expect(spread.size).toBeGreaterThan(10);
  });

  it('on stop, records a job that finishes in time, and gives back the others at once without counting the attempt', async () => {
    await enqueueJob(t.database.db, 'quick', {});
    await enqueueJob(t.database.db, 'polite', {});
    await enqueueJob(t.database.db, 'deaf', {});
    const seen: unknown[] = [];
    let deafRunning = false;
    const a = runner({ concurrency: 3 });
    a.register('quick', async (_p, job) => {
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
      // Finishing its step after the signal is allowed: what it did is recorded.
    });
    a.register('polite', waitForSignal(seen));
    a.register('deaf', async () => {
      deafRunning = true;
      await sleep(3000);
    });
    a.start();
    await until(
      'all three to be leased',
      async () => (await queryRows(t.database.db, sql`select 1 from jobs where locked_by is not null`)).length === 3,
    );
    await until('the deaf handler to run', () => deafRunning);
    const started = Date.now();
    await a.stop(300);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((seen[0] as JobStopped).reason).toBe('stopping');
    expect((await jobRow('quick')).done_at).not.toBeNull();
    for (const kind of ['polite', 'deaf']) {
      const row = await jobRow(kind);
      expect(row, kind).toMatchObject({
        attempts: 0,
        locked_until: null,
        locked_by: null,
        done_at: null,
        failed_at: null,
        last_error: 'interrupted: the server stopped while it ran',
      });
      expect(row.due_in_ms, kind).toBeLessThanOrEqual(0);
    }
    // Nothing new is claimed once stopped.
    await enqueueJob(t.database.db, 'later', {});
    a.wake();
    await sleep(200);
    expect((await jobRow('later')).attempts).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('wakes on PostgreSQL at a NOTIFY from another connection, long before its poll', async () => {
    const listener = new PgListener(t.database.pool!, log);
    try {
      let startedAt = 0;
      const a = runner({ pollMs: 60_000 });
      a.register('woken', async () => {
        startedAt = Date.now();
      });
      a.start();
      await listener.on('jobs_due', () => a.wake());
      await sleep(300);
      const other = new (await import('pg')).default.Client({ connectionString: t.url });
      await other.connect();
      const sent = Date.now();
      await other.query(`insert into jobs (kind, payload) values ('woken', '{}')`);
      await other.end();
      await until('the job to start', () => startedAt > 0, 5000);
      expect(startedAt - sent).toBeLessThan(1000);
    } finally {
      await listener.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('announces jobs_due only for a statement that inserted a job (migration 0038)', async () => {
    const listener = new PgListener(t.database.pool!, log);
    try {
      let heard = 0;
      // No resume handler: only notifications count, not the call made once the LISTEN is open.
      await listener.on(
        'jobs_due',
        () => (heard += 1),
        () => undefined,
      );
      const other = new (await import('pg')).default.Client({ connectionString: t.url });
      await other.connect();
      try {
        // As a deletion's removal insert that finds its website never reached 9Hits, and as a
        // sync already waiting: statements that insert no row.
        await other.query(`insert into jobs (kind, payload) select 'nothing', '{}' where false`);
        await other.query(`insert into jobs (kind, payload, dedupe_key) values ('once', '{}', 'wake-once')`);
        await until('the first insert to be announced', () => heard === 1, 5000);
        await other.query(`insert into jobs (kind, payload, dedupe_key) values ('once', '{}', 'wake-once') on conflict do nothing`);
        // A marker after the empty statements: when it is heard, anything they announced was too
        // (one connection's notifications arrive in commit order).
        await other.query(`insert into jobs (kind, payload) values ('marker', '{}')`);
        await until('the marker to be announced', () => heard === 2, 5000);
        await sleep(200);
        expect(heard).toBe(2);
      } finally {
        await other.end();
      }
    } finally {
      await listener.close();
    }
  });
});
