import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ACCOUNTS_CHANGED, openDatabase, type Database } from './client.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';
import { runMigrations } from './migrate.ts';

/** A customer row, written directly: its id. */
async function insertUser(database: Database, name: string): Promise<number> {
  const { rows } = await database.pool!.query<{ id: number }>(
    `insert into users (email, username, password_hash) values ($1, $2, 'x') returning id`,
    [`${name}@example.com`, name],
  );
  return rows[0]!.id;
}

/** Resolves with the first notification `listening` hears with this payload (earlier tests' may still arrive). */
function notificationOf(listening: pg.ClientBase, payload: string): Promise<{ payload?: string; processId: number }> {
  return new Promise((resolve) => {
    const heard = (message: pg.Notification) => {
      if (message.payload !== payload) return;
      listening.off('notification', heard);
      resolve(message);
    };
    listening.on('notification', heard);
  });
}

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

  it('hears its own enqueued job once the transaction has committed, before the commit returns', async () => {
    const { database } = testDb;
    let heard = 0;
    const stop = database.onJobsDue(() => heard++);
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into jobs (kind) values ('probe-after-commit')`);
        expect(heard).toBe(0);
      });
      expect(heard).toBe(1);
    } finally {
      stop();
      await database.db.execute(sql`delete from jobs where kind = 'probe-after-commit'`);
    }
  });

  it('hears its own change once the transaction has committed, before the commit returns', async () => {
    const { database } = testDb;
    const heard: string[] = [];
    const stop = database.onAccountsChanged((payload) => heard.push(payload));
    try {
      const id = await insertUser(database, 'after-commit');
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
      const id = await insertUser(database, 'announced');
      const heard = notificationOf(listening, String(id));
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

  it('announces a change to a user object alone with "v:" (migration 0033), leaving out the accounts announced whole', async () => {
    const { database } = testDb;
    const other = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
    const listening = await other.pool!.connect();
    const heard: string[] = [];
    const stop = database.onAccountsChanged((payload) => heard.push(payload));
    try {
      await listening.query(`listen ${ACCOUNTS_CHANGED}`);
      const [ann, bob] = [await insertUser(database, 'view-ann'), await insertUser(database, 'view-bob')];
      const wholeAndViews = Promise.all([notificationOf(listening, String(ann)), notificationOf(listening, `v:${bob}`)]);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update users set city = 'Galle' where id = ${ann}`);
        await tx.execute(sql`insert into notifications (user_id, title, body) values (${ann}, 'a', 'b'), (${bob}, 'c', 'd')`);
      });
      // Ann's account is announced whole, which covers her user object; Bob's user object alone.
      expect((await wholeAndViews).map((n) => n.payload)).toEqual([String(ann), `v:${bob}`]);
      expect(heard).toEqual([String(ann), `v:${ann};${bob}`]);
      const packages = notificationOf(listening, 'v:*');
      await database.db.execute(sql`update packages set name = name where id = 'pkgBasic'`);
      expect((await packages).payload).toBe('v:*');
    } finally {
      stop();
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
      const { rows } = await plain.query<{ id: number }>(`select id from users where email = 'announced@example.com'`);
      const heard = notificationOf(listening, String(rows[0]!.id));
      await plain.query(`update users set city = 'Matara' where email = 'announced@example.com'`);
      // Sent from the plain connection, inside its transaction.
      expect((await heard).processId).toBe((plain as unknown as { processID: number }).processID);
    } finally {
      listening.release();
      await plain.end();
    }
  });

  it('announces a transaction whose connection was lost before it answered the COMMIT (it may have committed)', async () => {
    const { database } = testDb;
    const id = await insertUser(database, 'lost-commit');
    const heard: string[] = [];
    const stop = database.onAccountsChanged((payload) => heard.push(payload));
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      await client.query(`update users set city = 'Lost' where id = $1`, [id]);
      const commit = client.query('commit');
      // The socket goes before the answer can be read.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await commit.catch(() => undefined);
      await expect.poll(() => heard).toEqual([String(id)]);
    } finally {
      client.release(true);
      stop();
    }
  });

  it('announces on a database that sends fewer messages by default (client_min_messages = warning)', async () => {
    const admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    const database = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
    try {
      await admin.query(
        `alter role current_user in database ${pg.escapeIdentifier(new URL(testDb.url!).pathname.slice(1))} set client_min_messages = warning`,
      );
      await admin.query('listen ' + ACCOUNTS_CHANGED);
      const id = await insertUser(database, 'quiet-database');
      const heard: string[] = [];
      const stop = database.onAccountsChanged((payload) => heard.push(payload));
      const other = notificationOf(admin, String(id));
      await database.pool!.query(`update users set city = 'Quiet' where id = $1`, [id]);
      stop();
      expect(heard).toEqual([String(id)]);
      expect((await other).payload).toBe(String(id));
    } finally {
      await admin.query(
        `alter role current_user in database ${pg.escapeIdentifier(new URL(testDb.url!).pathname.slice(1))} reset client_min_messages`,
      );
      await database.close();
      await admin.end();
    }
  });

  it('sends what it still has to announce when it is closed', async () => {
    const writer = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
    const listening = await testDb.database.pool!.connect();
    try {
      await listening.query(`listen ${ACCOUNTS_CHANGED}`);
      const id = await insertUser(writer, 'closing');
      const heard = notificationOf(listening, String(id));
      await writer.pool!.query(`update users set city = 'Closing' where id = $1`, [id]);
      await writer.close();
      expect((await heard).payload).toBe(String(id));
    } finally {
      listening.release();
    }
  });
});

describe('PGlite, one process', () => {
  it('hears its own enqueued job by the time the commit returns', async () => {
    const database = await openDatabase({ kind: 'memory' });
    try {
      await runMigrations(database);
      let heard = 0;
      const stop = database.onJobsDue(() => heard++);
      await database.db.execute(sql`insert into jobs (kind) values ('probe')`);
      expect(heard).toBe(1);
      stop();
      await database.db.execute(sql`insert into jobs (kind) values ('probe')`);
      expect(heard).toBe(1);
    } finally {
      await database.close();
    }
  });
});
