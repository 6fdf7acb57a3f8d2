import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@traffic/db';
import { sql } from 'drizzle-orm';
import { findActiveAddons, findActivePackages } from './catalogue.repository.ts';
import { presentAddon, presentPackage } from './catalogue.presenter.ts';

const CHANNEL = 'catalogue_changed';
/** A safety net only: changes normally reach every process at once through NOTIFY. */
const MAX_AGE_MS = 60_000;

export interface CatalogueSnapshot {
  packages: string;
  hits: string;
  slots: string;
}

/**
 * The catalogue, serialised once and served from memory (it is read on every page, written rarely).
 * A write invalidates it here and, through PostgreSQL NOTIFY, in every other server process.
 */
export class CatalogueCache {
  private snapshot: Promise<CatalogueSnapshot> | undefined;
  private loadedAt = 0;
  private listener: pg.PoolClient | undefined;
  private connecting = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly pool?: pg.Pool,
  ) {}

  get(): Promise<CatalogueSnapshot> {
    if (!this.snapshot || Date.now() - this.loadedAt > MAX_AGE_MS) {
      this.loadedAt = Date.now();
      const loading = this.load();
      this.snapshot = loading;
      // A failed load must not be served from cache.
      loading.catch(() => {
        if (this.snapshot === loading) this.snapshot = undefined;
      });
    }
    return this.snapshot;
  }

  /** Call after the write has committed. */
  async changed(): Promise<void> {
    this.snapshot = undefined;
    if (this.pool) await this.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
  }

  async listen(): Promise<void> {
    // One listener at a time: a lost connection can both emit an error and fail the LISTEN, and
    // each asks for a new one; a second listener would hold a pool connection for good.
    if (!this.pool || this.closed || this.listener || this.connecting) return;
    this.connecting = true;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      this.listener = client;
      const mine = client;
      client.on('notification', () => (this.snapshot = undefined));
      client.on('error', () => this.reconnect(mine));
      await client.query(`listen ${CHANNEL}`);
      // Anything written while we were not listening is unknown: start fresh.
      this.snapshot = undefined;
    } catch (error) {
      // The connection failed under us: give it back (as broken), or it is never released.
      if (client && this.listener === client) {
        this.listener = undefined;
        client.release(true);
      }
      this.log.warn({ err: (error as Error).message }, 'catalogue listener could not connect; retrying');
      setTimeout(() => void this.listen(), 2000).unref();
    } finally {
      this.connecting = false;
    }
    if (this.closed) await this.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listener?.release(true);
    this.listener = undefined;
  }

  private reconnect(client: pg.PoolClient): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.release(true);
    this.snapshot = undefined;
    setTimeout(() => void this.listen(), 1000).unref();
  }

  private async load(): Promise<CatalogueSnapshot> {
    const [packages, hits, slots] = await Promise.all([
      findActivePackages(this.db),
      findActiveAddons(this.db, 'hits'),
      findActiveAddons(this.db, 'slots'),
    ]);
    return {
      packages: JSON.stringify(packages.map(presentPackage)),
      hits: JSON.stringify(hits.map(presentAddon)),
      slots: JSON.stringify(slots.map(presentAddon)),
    };
  }
}
