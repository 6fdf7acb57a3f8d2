import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { queryRows, type Database } from './client.ts';

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

/** The `when` of the newest migration this build carries (meta/_journal.json). */
export function latestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Whether every migration this build carries is applied. drizzle's migrator records each applied
 * migration's `when` as `created_at` in drizzle.__drizzle_migrations and applies those newer than
 * the newest recorded, so the newest recorded one tells. A database never migrated answers false.
 */
export async function migrationsApplied(database: Database, latest = latestMigrationMillis()): Promise<boolean> {
  const [table] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return false;
  const [row] = await queryRows<{ newest: string | number | null }>(
    database.db,
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.newest ?? 0) >= latest;
}
