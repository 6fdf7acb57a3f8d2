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
export async function enqueueJob(db: Executor, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
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
