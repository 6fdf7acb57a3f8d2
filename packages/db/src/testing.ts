import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';

export interface TestDatabase {
  database: Database;
  /** The PostgreSQL URL of this file's own database, when running against PostgreSQL. */
  url?: string;
  destroy(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or, when
 * TEST_DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped after.
 * `migrationsFolder` (tests of a migration only) migrates it from another folder than the repository's.
 */
export async function createTestDatabase(migrationsFolder?: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'memory' });
    await runMigrations(database, migrationsFolder);
    return { database, destroy: () => database.close() };
  }

  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await runMigrations(database, migrationsFolder);
  return {
    database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
