import { sql } from 'drizzle-orm';
import type { Executor } from '@traffic/db';

export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
