/**
 * `npm run db:migrate`: applies pending migrations to the database of DATABASE_URL (or the PGlite
 * under DATA_DIR) and exits, so a deployment can migrate once, as its own step, before it starts
 * or rolls its server processes with MIGRATE_AT_START=false (docs/deploy.md, "Migrations").
 * Several at once are safe: runMigrations holds an advisory lock on PostgreSQL.
 */
import { openDatabase, runMigrations } from '@traffic/db';
import { ConfigError, loadDatabaseConfig } from './config.ts';

async function main(): Promise<void> {
  let target;
  try {
    target = loadDatabaseConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(target);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  console.log(`Migrations applied to ${target.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${target.dataDir}`}.`);
}

main().catch((error: unknown) => {
  console.error('Migrating failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
