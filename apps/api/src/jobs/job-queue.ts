import { sql } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';

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

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * Claims due jobs for `leaseMs`. SKIP LOCKED lets several server processes drain the queue at once
 * without taking the same row; an expired lease (a crashed worker) makes the job due again.
 */
export function claimJobs(db: Executor, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
  return queryRows<ClaimedJob>(
    db,
    sql`update jobs set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
        where id in (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= now()
            and (locked_until is null or locked_until < now())
          order by run_at, id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, payload, attempts, max_attempts`,
  );
}

export async function completeJob(db: Executor, id: number): Promise<void> {
  await db.execute(sql`update jobs set done_at = now(), locked_until = null, last_error = null where id = ${id}`);
}

/** Backs off exponentially (2 s, 4 s, ... capped at 10 min); gives up after max_attempts. */
export async function failJob(db: Executor, job: ClaimedJob, error: string): Promise<void> {
  const delayMs = Math.min(2 ** job.attempts * 1000, 10 * 60 * 1000);
  const giveUp = job.attempts >= job.max_attempts;
  await db.execute(sql`
    update jobs set locked_until = null, last_error = ${error.slice(0, 2000)},
      run_at = now() + ${`${delayMs} milliseconds`}::interval,
      failed_at = case when ${giveUp} then now() else null end
    where id = ${job.id}`);
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
