import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant: the advisory lock that keeps two starting servers from migrating at once. */
const MIGRATION_LOCK_ID = 724_301;

/** Applies the migrations not applied yet; `folder` other than the repository's is for tests only. */
export async function runMigrations(database: Database, folder = migrationsFolder): Promise<void> {
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
    return;
  }
  await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
}
