import type { Database, Db } from '@traffic/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

/** The active catalogue as the API serves it, serialised once: packages, hits add-ons, slot add-ons. */
export interface CatalogueSnapshot {
  packages: string;
  hits: string;
  slots: string;
}

/** The catalogue served from memory (modules/catalogue/catalogue-cache.ts; core imports no module). */
export interface CatalogueReader {
  get(): Promise<CatalogueSnapshot>;
  /** The same, when it is in memory and fresh: what `get()` would give at once. */
  ready(): CatalogueSnapshot | undefined;
  /** Call after a catalogue write has committed. */
  changed(): Promise<void>;
}

/** What use cases get: explicit dependencies, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** The catalogue served from memory; call `changed()` after a catalogue write commits. */
  catalogue: CatalogueReader;
  /** The clock, injectable so expiry rules can be tested without waiting. */
  now: () => Date;
  /**
   * The background job queue's runner. A use case that enqueues work calls `jobs.kick()` once its
   * transaction has committed, so the work starts at once instead of at the next poll.
   */
  jobs: { kick(): void };
}
