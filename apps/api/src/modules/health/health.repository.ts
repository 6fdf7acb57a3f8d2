import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The job queue: jobs waiting or running, and jobs that gave up (each count served by its partial index). */
export async function queueCounts(db: Executor): Promise<{ queued: number; dead: number }> {
  const [row] = await queryRows<{ queued: number; dead: number }>(
    db,
    sql`select (select count(*)::int from jobs where done_at is null and failed_at is null) as queued,
               (select count(*)::int from jobs where failed_at is not null) as dead`,
  );
  return { queued: Number(row?.queued ?? 0), dead: Number(row?.dead ?? 0) };
}
