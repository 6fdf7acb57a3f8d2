import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema, SEED_PACKAGES } from '@traffic/db';
import { createTestDatabase } from '@traffic/db/testing';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/core/context.ts';
import { ensureAdmin } from '../src/modules/accounts/ensure-admin.ts';
import { TEST_ADMIN, testEnv } from '../src/test-support/test-app.ts';
import { Cleanup } from './support/cleanup.ts';
import { createDatabase, query } from './support/databases.ts';
import { startServer } from './support/server-process.ts';
import { loginAdmin } from './support/api.ts';

/**
 * Several servers deployed at once on a fresh database: migrations, the seed and the admin
 * account are each set up once, and every server starts.
 */
describe('several servers starting at once on a fresh database', () => {
  const cleanup = new Cleanup();
  afterAll(() => cleanup.run());

  it.each([
    ['with ADMIN_EMAIL', { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password }],
    ['without ADMIN_EMAIL', { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }],
  ])('making sure of the admin from three processes at once (%s): all succeed, one admin', async (_, env) => {
    const t = await createTestDatabase();
    cleanup.add('test database', () => t.destroy());
    const ctx: AppContext = {
      config: loadConfig(testEnv(env)),
      database: t.database,
      db: t.database.db,
      log: { info: () => undefined, warn: () => undefined } as unknown as AppContext['log'],
      catalogue: undefined as unknown as AppContext['catalogue'],
      jobs: { kick: () => undefined },
      now: () => new Date(),
    };
    await Promise.all([ensureAdmin(ctx), ensureAdmin(ctx), ensureAdmin(ctx)]);
    expect(await t.database.db.select().from(schema.users).where(eq(schema.users.role, 'ROLE_ADMIN'))).toHaveLength(1);
  });

  it('three server processes started together: all answer, one admin, the catalogue seeded once', async () => {
    const db = await createDatabase(cleanup);
    const servers = await Promise.all(
      ['rel-start-1', 'rel-start-2', 'rel-start-3'].map((name) => startServer(cleanup, { name, env: { DATABASE_URL: db.url } })),
    );
    const admins = await query<{ n: number }>(db.url, `select count(*)::int as n from users where role = 'ROLE_ADMIN'`);
    expect(admins[0]!.n).toBe(1);
    const packages = await query<{ n: number }>(db.url, 'select count(*)::int as n from packages');
    expect(packages[0]!.n).toBe(SEED_PACKAGES.length);
    for (const server of servers) expect((await loginAdmin(server.baseUrl)).user.role).toBe('ROLE_ADMIN');
  });
});
