import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ACCOUNTS_CHANGED, openDatabase } from './client.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/** The pool's new connections (packages/db/src/client.ts): each announces after its commits. */
describe.runIf(process.env.TEST_DATABASE_URL)('a pooled PostgreSQL connection', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  it('is set to announce after its commits when handed out, and listens on nothing', async () => {
    const pool = testDb.database.pool!;
    // Ten at once: the pool opens new connections for them.
    const settings = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ announce: string; channels: number }>(
            `select current_setting('traffic.announce') as announce, (select count(*)::int from pg_listening_channels()) as channels`,
          );
          return rows[0];
        } finally {
          client.release();
        }
      }),
    );
    expect(settings.every((row) => row?.announce === 'after_commit' && row.channels === 0)).toBe(true);
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

  it('hears its own change once the transaction has committed, before the commit returns', async () => {
    const { database } = testDb;
    const heard: string[] = [];
    const stop = database.onAccountsChanged((payload) => heard.push(payload));
    try {
      const [{ id }] = (
        await database.db.execute(
          sql`insert into users (email, username, password_hash) values ('after-commit@example.com', 'after-commit', 'x') returning id`,
        )
      ).rows as { id: number }[];
      // An insert of a user changes no one's session: nothing is announced.
      expect(heard).toEqual([]);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set city = 'Galle' where id = ${id}`);
        // Not before the commit: another call could read the old row and keep it after.
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([String(id)]);
      // A statement of its own (an implicit transaction) too.
      await database.db.execute(sql`update users set city = 'Kandy' where id = ${id}`);
      expect(heard).toEqual([String(id), String(id)]);
    } finally {
      stop();
    }
  });

  it('announces its commits to every other process, and tells its own notifications from theirs', async () => {
    const { database } = testDb;
    const other = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
    const listening = await other.pool!.connect();
    try {
      await listening.query(`listen ${ACCOUNTS_CHANGED}`);
      const heard = new Promise<{ payload?: string; processId: number }>((resolve) => listening.once('notification', resolve));
      const [{ id }] = (
        await database.db.execute(
          sql`insert into users (email, username, password_hash) values ('announced@example.com', 'announced', 'x') returning id`,
        )
      ).rows as { id: number }[];
      await database.db.execute(sql`update users set city = 'Galle' where id = ${id}`);
      const notification = await heard;
      expect(notification.payload).toBe(String(id));
      expect(database.isOwn(notification.processId)).toBe(true);
      expect(other.isOwn(notification.processId)).toBe(false);
    } finally {
      listening.release();
      await other.close();
    }
  });

  it('announces as before (NOTIFY in the transaction) on a connection not set to announce after commit', async () => {
    const listening = await testDb.database.pool!.connect();
    const plain = new pg.Client({ connectionString: testDb.url });
    await plain.connect();
    try {
      await listening.query(`listen ${ACCOUNTS_CHANGED}`);
      const heard = new Promise<{ payload?: string }>((resolve) => listening.once('notification', resolve));
      await plain.query(`update users set city = 'Matara' where email = 'announced@example.com'`);
      const { rows } = await plain.query<{ id: number }>(`select id from users where email = 'announced@example.com'`);
      expect((await heard).payload).toBe(String(rows[0]!.id));
    } finally {
      listening.release();
      await plain.end();
    }
  });
});
