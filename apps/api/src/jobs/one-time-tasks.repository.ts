import { eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { oneTimeTasks } = schema;

export interface OneTimeTask<P> {
  progress: P | undefined;
  finishedAt: Date | null;
}

/** Where a one-time task got to (undefined progress: it never ran). */
export async function readOneTimeTask<P>(db: Executor, name: string): Promise<OneTimeTask<P>> {
  const [row] = await db.select().from(oneTimeTasks).where(eq(oneTimeTasks.name, name));
  return { progress: row ? (row.progress as P) : undefined, finishedAt: row?.finishedAt ?? null };
}

/** Records the task's progress, and that it finished when `finished` is set. */
export async function saveOneTimeTask<P extends object>(
  db: Executor,
  name: string,
  progress: P,
  finished: Date | null = null,
): Promise<void> {
  await db
    .insert(oneTimeTasks)
    .values({ name, progress, finishedAt: finished, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: oneTimeTasks.name, set: { progress, finishedAt: finished, updatedAt: sql`now()` } });
}
