import type { Database, Db } from '@traffic/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { CatalogueCache } from '../modules/catalogue/catalogue-cache.ts';

/** What use cases get: explicit dependencies, no globals. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** The catalogue served from memory; call `changed()` after a catalogue write commits. */
  catalogue: CatalogueCache;
  /** The clock, injectable so expiry rules can be tested without waiting. */
  now: () => Date;
  /**
   * The background job queue's runner. A use case that enqueues work calls `jobs.kick()` once its
   * transaction has committed, so the work starts at once instead of at the next poll.
   */
  jobs: { kick(): void };
}
