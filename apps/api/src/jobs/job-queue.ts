import { sql } from 'drizzle-orm';
import { prepared, queryRows, schema, type Executor } from '@traffic/db';

const { jobs } = schema;

export interface EnqueueOptions {
  runAt?: Date;
  /** While a job with this key is pending, enqueueing the same key again is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Writes a job. Call it inside the transaction of the change that needs the work, so the job
 * exists exactly when the change does (a transactional outbox).
 */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 20,
    })
    .onConflictDoNothing();
}

/** Whether a job of this kind is queued or running (a periodic task waits for the last run it queued). */
export async function jobPending(db: Executor, kind: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from jobs where kind = ${kind} and done_at is null and failed_at is null limit 1`);
  return rows.length > 0;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  /** This claim's own token (`jobs.locked_by`): every later change of the row names it. */
  token: string;
}

/**
 * Claims due jobs for `leaseMs`. SKIP LOCKED lets several server processes drain the queue at once
 * without taking the same row; an expired lease (a crashed worker) makes the job due again. Each
 * claim gets a fresh token, so a worker whose lease was taken over can no longer touch the row.
 */
export function claimJobs(db: Executor, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  return queryRows<ClaimedJob>(
    db,
    prepared(sql`update jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1,
               locked_by = gen_random_uuid()
        where id in (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= now()
            and (locked_until is null or locked_until < now())
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts, max_attempts, locked_by as token`),
  ).then((rows) => rows.map((r) => ({ ...r, id: Number(r.id) })));
}

/** Extends the leases this worker still holds; answers the ids renewed (a missing one was taken over). */
export async function renewLeases(db: Executor, claims: { id: number; token: string }[], leaseMs: number): Promise<Set<number>> {
  if (!claims.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval
        from jsonb_to_recordset(${JSON.stringify(claims)}::jsonb) as c(id bigint, token uuid)
        where jobs.id = c.id and jobs.locked_by = c.token and jobs.done_at is null and jobs.failed_at is null
        returning jobs.id`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

const mine = (job: ClaimedJob) => sql`id = ${job.id} and locked_by = ${job.token}`;

/** Marks the job done; false when this claim no longer held it (its lease was taken over). */
export async function completeJob(db: Executor, job: ClaimedJob): Promise<boolean> {
  const rows = await queryRows(
    db,
    prepared(
      sql`update jobs set done_at = now(), locked_until = null, locked_by = null, last_error = null where ${mine(job)} returning id`,
    ),
  );
  return rows.length > 0;
}

/**
 * The delay before the next attempt: 2 s doubling to 10 min, of which a random half, so that jobs
 * that failed together (an outage) do not all come back in the same second.
 */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const ceiling = Math.min(2 ** attempts * 1000, 10 * 60 * 1000);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Schedules the next attempt (backoff with jitter), or gives up after max_attempts. */
export async function failJob(db: Executor, job: ClaimedJob, error: string): Promise<boolean> {
  const giveUp = job.attempts >= job.max_attempts;
  const rows = await queryRows(
    db,
    sql`update jobs set locked_until = null, locked_by = null, last_error = ${error.slice(0, 2000)},
          run_at = now() + ${`${retryDelayMs(job.attempts)} milliseconds`}::interval,
          failed_at = case when ${giveUp} then now() else null end
        where ${mine(job)} returning id`,
  );
  return rows.length > 0;
}

/** What a job given back by a stopping process keeps in `last_error`. */
const INTERRUPTED = 'interrupted: the server stopped while it ran';

/**
 * Gives a job back (the process is stopping): due at once for another worker, and this interrupted
 * attempt does not count against its limit. It says so in `last_error`: with no attempt counted, that
 * is what tells a job that never ran (`attempts = 0 and last_error is null`) from one that started
 * and may have done part of its work (websites.repository.ts deleteWebsiteWithJob relies on it).
 */
export async function releaseJob(db: Executor, job: ClaimedJob): Promise<void> {
  await db.execute(
    sql`update jobs set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0), last_error = ${INTERRUPTED} where ${mine(job)}`,
  );
}

/** Deletes up to `limit` jobs finished before `before`, oldest first; answers how many. */
export async function deleteFinishedJobs(db: Executor, before: Date, limit: number): Promise<number> {
  const rows = await queryRows(
    db,
    sql`delete from jobs where id in (
          select id from jobs where done_at is not null and done_at < ${before.toISOString()}::timestamptz order by done_at limit ${limit}
        ) returning 1`,
  );
  return rows.length;
}

export interface FailedJobRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  last_error: string | null;
  failed_at: Date;
  created_at: Date;
}

/** Jobs that gave up for good, newest first. */
export async function listFailedJobs(db: Executor, offset: number, limit: number): Promise<{ total: number; rows: FailedJobRow[] }> {
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where failed_at is not null`);
  const rows = await queryRows<FailedJobRow>(
    db,
    sql`select id, kind, payload, attempts, last_error, failed_at, created_at from jobs where failed_at is not null
        order by failed_at desc, id desc limit ${limit} offset ${offset}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({ ...r, id: Number(r.id), failed_at: new Date(r.failed_at), created_at: new Date(r.created_at) })),
  };
}

/**
 * Puts a failed job back in the queue with a fresh count of attempts. When the same work (its
 * dedupe key) has been queued again meanwhile, that job stands for it and this one is closed.
 * Answers undefined when no failed job has this id.
 */
export async function retryFailedJob(db: Executor, id: number): Promise<'queued' | 'already queued' | undefined> {
  const [job] = await queryRows<{ dedupe_key: string | null }>(
    db,
    sql`select dedupe_key from jobs where id = ${id} and failed_at is not null for update`,
  );
  if (!job) return undefined;
  if (job.dedupe_key) {
    const [twin] = await queryRows<{ id: number }>(
      db,
      sql`select id from jobs where dedupe_key = ${job.dedupe_key} and done_at is null and failed_at is null`,
    );
    if (twin) {
      await db.execute(
        sql`update jobs set done_at = now(), failed_at = null, last_error = coalesce(last_error, '') || ' (superseded by job ' || ${String(twin.id)} || ')' where id = ${id}`,
      );
      return 'already queued';
    }
  }
  await db.execute(sql`update jobs set failed_at = null, attempts = 0, run_at = now(), locked_until = null where id = ${id}`);
  return 'queued';
}

/** Removes a failed job for good (an admin dismissed it); answers what it was, or undefined when no failed job has this id. */
export async function dismissFailedJob(db: Executor, id: number): Promise<FailedJobRow | undefined> {
  const [row] = await queryRows<FailedJobRow>(
    db,
    sql`delete from jobs where id = ${id} and failed_at is not null
        returning id, kind, payload, attempts, last_error, failed_at, created_at`,
  );
  return row && { ...row, id: Number(row.id), failed_at: new Date(row.failed_at), created_at: new Date(row.created_at) };
}
