import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations } from '@traffic/db';
import type { Cleanup } from './cleanup.ts';
import { postgresServerUrl } from './env.ts';

/** One query on a fresh connection: survives a PostgreSQL restart between calls. */
export async function query<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * An empty database of its own on the suite's PostgreSQL server, dropped (with any connection
 * still open to it) by the cleanup. `migrate` applies the product's migrations ahead of a server.
 */
export async function createDatabase(cleanup: Cleanup, { migrate = false } = {}): Promise<{ name: string; url: string }> {
  const server = postgresServerUrl();
  const name = `rel_${randomBytes(6).toString('hex')}`;
  await query(server, `create database ${name}`);
  cleanup.add(`drop database ${name}`, () => query(server, `drop database if exists ${name} with (force)`).then(() => undefined));
  const url = new URL(server);
  url.pathname = `/${name}`;
  if (migrate) {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await runMigrations(database);
    } finally {
      await database.close();
    }
  }
  return { name, url: url.toString() };
}

/**
 * Holds `select ... for update` on one row in an open transaction, so that a server reaching the
 * same row waits there: a way to stop a request at an exact point. `release()` rolls back.
 */
export async function holdRowLock(url: string, table: string, id: number | string): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('begin');
  await client.query(`select 1 from ${table} where id = $1 for update`, [id]);
  return {
    async release() {
      await client.query('rollback').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
