import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCOUNTS_CHANGED } from './client.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/** The pool's new connections (packages/db/src/client.ts): each listens before its first query. */
describe.runIf(process.env.TEST_DATABASE_URL)('a pooled PostgreSQL connection', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  it('is listening when handed out', async () => {
    const pool = testDb.database.pool!;
    // Ten at once: the pool opens new connections for them.
    const channels = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ channel: string }>('select pg_listening_channels() as channel');
          return rows.map((row) => row.channel);
        } finally {
          client.release();
        }
      }),
    );
    expect(channels.every((listening) => listening.includes(ACCOUNTS_CHANGED))).toBe(true);
  });

  it('never sends a query while the connection runs another (pg 8 warns, pg 9 refuses)', async () => {
    // In a process of its own: Node prints a deprecation once per process, on its standard error.
    const program = `
      import { openDatabase } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)};
      const database = await openDatabase({ kind: 'postgres', url: ${JSON.stringify(testDb.url)}, poolSize: 10 });
      await Promise.all(Array.from({ length: 10 }, () => database.pool.query('select 1')));
      await database.close();
    `;
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      });
      let errors = '';
      child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(errors) : reject(new Error(`exit ${code}: ${errors}`))));
    });
    expect(stderr).not.toContain('already executing a query');
  });

  it('hears a change another statement announces', async () => {
    const heard = new Promise<string>((resolve) => {
      const stop = testDb.database.onAccountsChanged((payload) => {
        stop();
        resolve(payload);
      });
    });
    await testDb.database.db.execute(sql`select pg_notify(${ACCOUNTS_CHANGED}, '4242')`);
    await expect(heard).resolves.toBe('4242');
  });
});
