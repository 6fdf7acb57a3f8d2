import type { Db } from '@traffic/db';
import type { PgListener } from '../../lib/pg-listener.ts';
import type { CatalogueReader, CatalogueSnapshot } from '../../core/context.ts';
import { sql } from 'drizzle-orm';
import { findActiveAddons, findActivePackages } from './catalogue.repository.ts';
import { presentAddon, presentPackage } from './catalogue.presenter.ts';

const CHANNEL = 'catalogue_changed';
/** A safety net only: changes normally reach every process at once through NOTIFY. */
const MAX_AGE_MS = 60_000;

/**
 * The catalogue, serialised once and served from memory (it is read on every page, written rarely).
 * A write invalidates it here and, through PostgreSQL NOTIFY, in every other server process.
 */
export class CatalogueCache implements CatalogueReader {
  private snapshot: Promise<CatalogueSnapshot> | undefined;
  /** What `snapshot` resolved to, while it is the current one. */
  private loaded: CatalogueSnapshot | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    /** PostgreSQL's LISTEN connection; none on PGlite, which one process alone uses. */
    private readonly listener?: PgListener,
  ) {}

  get(): Promise<CatalogueSnapshot> {
    if (!this.snapshot || this.stale()) {
      this.loadedAt = Date.now();
      this.loaded = undefined;
      const loading = this.load();
      this.snapshot = loading;
      loading.then(
        (value) => {
          if (this.snapshot === loading) this.loaded = value;
        },
        // A failed load must not be served from cache.
        () => {
          if (this.snapshot === loading) this.snapshot = undefined;
        },
      );
    }
    return this.snapshot;
  }

  ready(): CatalogueSnapshot | undefined {
    return this.loaded && !this.stale() ? this.loaded : undefined;
  }

  /** Call after the write has committed. */
  async changed(): Promise<void> {
    this.forget();
    if (this.listener) await this.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
  }

  /** Hears other processes' changes (PostgreSQL); anything missed while not listening drops the copy. */
  async listen(): Promise<void> {
    await this.listener?.on(CHANNEL, () => this.forget());
  }

  private stale(): boolean {
    return Date.now() - this.loadedAt > MAX_AGE_MS;
  }

  private forget(): void {
    this.snapshot = undefined;
    this.loaded = undefined;
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
