import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { queryRows, seedCatalogue } from '@traffic/db';
import { loadConfig, type Env } from '../config.ts';
import { buildApp, type App } from '../app.ts';
import { ensureAdmin } from '../modules/accounts/ensure-admin.ts';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;

/** The app's clock, movable by tests (expiry windows, lockouts) without waiting. */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  reset(): void {
    this.offsetMs = 0;
  }
}

export interface TestApp {
  app: App;
  clock: TestClock;
  testDb: TestDatabase;
  /** Empties every table and re-seeds the catalogue and the admin: call it in beforeEach. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** Every setting live mode requires, with values nothing in a test ever calls. */
export const LIVE_TEST_ENV: Env = {
  PAYMENTS_MODE: 'live',
  APP_URL: 'https://traffic.example.com',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYHERE_MERCHANT_ID: 'm',
  PAYHERE_MERCHANT_SECRET: 's',
  PAYHERE_APP_ID: 'a',
  PAYHERE_APP_SECRET: 'b',
  PAYPAL_CLIENT_ID: 'c',
  PAYPAL_CLIENT_SECRET: 's',
  PAYPAL_WEBHOOK_ID: 'w',
  NINEHITS_API_KEY: 'k',
  METRICS_TOKEN: 'live-test-metrics-token',
};

export function testEnv(overrides: Env = {}): Env {
  return {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'traffic-test-')),
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...overrides,
  };
}

export async function createTestApp(env: Env = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const clock = new TestClock();
  const app = await buildApp(loadConfig(testEnv(env)), { database: testDb.database, logger: false, runJobs: false, now: clock.now });
  // Per-address rate limits would carry over from test to test; each test speaks from its own address.
  let address = 1;
  const inject = app.inject.bind(app) as (opts: InjectOptions) => ReturnType<App['inject']>;
  app.inject = ((opts: InjectOptions) => inject({ remoteAddress: `10.0.${address >> 8}.${address & 255}`, ...opts })) as App['inject'];
  return {
    app,
    clock,
    testDb,
    async reset() {
      clock.reset();
      address += 1;
      const tables = await queryRows<{ tablename: string }>(app.ctx.db, sql`select tablename from pg_tables where schemaname = 'public'`);
      const names = tables.map((r) => `"${r.tablename}"`).join(', ');
      // The audit log refuses TRUNCATE (migration 0020): a test's wipe goes past its triggers, in
      // replica mode for this one transaction only.
      await app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql.raw(`truncate ${names} cascade`));
      });
      // Replica mode also skips the triggers that announce the change (migration 0027).
      app.accountCache.changed('*');
      await seedCatalogue(app.ctx.db);
      await app.ctx.catalogue.changed();
      await ensureAdmin(app.ctx);
    },
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}
