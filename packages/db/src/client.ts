import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { ACCOUNTS_CHANGED, AfterCommitAnnouncer, ANNOUNCE_SETTING, JOBS_DUE } from './after-commit.ts';
import { PreparingClient } from './prepared.ts';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

/** Runs raw SQL and returns its rows, typed by the caller (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A query prepared once per database handle, on first use, for the reads every request makes:
 * PostgreSQL then parses and plans it once per connection, and drizzle builds its SQL once.
 * (A transaction runs its queries unprepared: a prepared query belongs to the pool, not to it.)
 */
export function preparedPerDatabase<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}

export type DatabaseTarget =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string } | { kind: 'memory' };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Present for PostgreSQL; used for LISTEN/NOTIFY and advisory locks. */
  pool?: pg.Pool;
  /** Present for PGlite. */
  pglite?: PGlite;
  /**
   * Calls `handler` with each ACCOUNTS_CHANGED announcement of this process's own writes, once the
   * writing transaction has ended and before the statement that ended it returns. Returns the call
   * that stops it. On PostgreSQL, other processes' announcements arrive by LISTEN (`isOwn` tells
   * this process's own, which need not be heard twice); PGlite is one process.
   */
  onAccountsChanged(handler: (payload: string) => void): () => void;
  /**
   * Calls `handler` when a transaction of this process's own has enqueued a job (JOBS_DUE, sent by
   * the jobs table's trigger), once it has ended, as `onAccountsChanged` does. Returns the call that
   * stops it.
   */
  onJobsDue(handler: () => void): () => void;
  /** Whether a notification was sent by one of this process's own connections (false on PGlite). */
  isOwn(processId: number): boolean;
  close(): Promise<void>;
}

export { ACCOUNTS_CHANGED, JOBS_DUE, readAccountsChange, type AccountsChange } from './after-commit.ts';

/** The handlers of one announcement channel, for this process's own announcements. */
function announcementHandlers() {
  const handlers = new Set<(payload: string) => void>();
  return {
    emit: (payload: string) => handlers.forEach((handler) => handler(payload)),
    on: (handler: (payload: string) => void) => {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}

/**
 * drizzle-orm's node-postgres transaction() sends BEGIN before the try/finally that releases the
 * pooled client (drizzle-orm issue #6241, open in 0.45): a BEGIN that fails on a dropped
 * connection leaks that pool slot for good, and once every slot has leaked each later transaction
 * waits forever. Such a client is released here, with the error, so the pool discards it; a later
 * release of the same checkout is then a no-op.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!(result instanceof Promise) || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return result;
    return result.catch((error: unknown) => {
      const release = client.release;
      client.release = () => undefined;
      release.call(client, error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const accountsChanged = announcementHandlers();
    const jobsDue = announcementHandlers();
    const announcer = new AfterCommitAnnouncer(
      (query) => pool.query(query),
      (channel, payload) => {
        if (channel === ACCOUNTS_CHANGED) accountsChanged.emit(payload);
        else if (channel === JOBS_DUE) jobsDue.emit(payload);
      },
    );
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Prepares the statements marked with prepared() on each connection (prepared.ts).
      Client: PreparingClient,
      // Awaited by the pool before it hands a new connection out (pg-pool's onConnect).
      onConnect: async (client: pg.ClientBase) => {
        // A checked-out client's error (lost between two queries of a transaction, when PostgreSQL
        // restarts) must not crash the process either: with no listener, Node throws it. The next
        // query on that client fails instead, and the pool discards it on release.
        client.on('error', () => undefined);
        // The pool's own client: it has `release` from when it is handed out, before any BEGIN.
        releaseOnFailedBegin(client as pg.PoolClient);
        // Announces what the connection's transactions change once each has ended (after-commit.ts),
        // so that no commit waits for another's NOTIFY. A connection that cannot be set so is closed
        // by the pool and its caller gets the error, rather than a connection that writes unheard.
        await client.query(ANNOUNCE_SETTING);
        announcer.attach(client as pg.PoolClient);
      },
    });
    // An idle client's error (e.g. the server restarting) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const close = async () => {
      await announcer.close();
      await pool.end();
    };
    return {
      db,
      kind: 'postgres',
      pool,
      onAccountsChanged: accountsChanged.on,
      onJobsDue: jobsDue.on,
      isOwn: (id) => announcer.isOwn(id),
      close,
    };
  }
  // Loaded only here: importing PGlite costs a PostgreSQL deployment ~45 MB of memory it never uses.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  // pg_trgm: the admin searches' trigram indexes (migration 0001) need it on PGlite as on PostgreSQL.
  const extensions = { pg_trgm };
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir, { extensions });
  } else {
    pglite = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // PGlite is one session: its own notifications reach its listeners before the committing query returns.
  const accountsChanged = announcementHandlers();
  const jobsDue = announcementHandlers();
  await pglite.listen(ACCOUNTS_CHANGED, accountsChanged.emit);
  await pglite.listen(JOBS_DUE, jobsDue.emit);
  return {
    db,
    kind: target.kind,
    pglite,
    onAccountsChanged: accountsChanged.on,
    onJobsDue: jobsDue.on,
    isOwn: () => false,
    close: () => pglite.close(),
  };
}
