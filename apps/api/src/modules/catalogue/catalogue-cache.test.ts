import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@traffic/db';
import { TEST_ADMIN, testEnv } from '../../test-support/test-app.ts';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

/** Two server processes on one PostgreSQL: a catalogue write on one is served by the other at once. */
describe.runIf(process.env.TEST_DATABASE_URL)('catalogue cache across server processes (PostgreSQL)', () => {
  const first = useTestApp({}, 'once');
  let secondDb: Database;
  let second: App;
  beforeAll(async () => {
    secondDb = await openDatabase({ kind: 'postgres', url: first.testDb.url!, poolSize: 2 });
    second = await buildApp(loadConfig(testEnv()), { database: secondDb, logger: false, runJobs: false });
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
  });

  it('invalidates the other process through NOTIFY', async () => {
    const names = async (app: App) =>
      ((await app.inject({ method: 'GET', url: '/api/packages' })).json() as { id: string }[]).map((p) => p.id);
    expect(await names(second)).toContain('pkgBasic');

    const login = await first.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    await first.app.inject({ method: 'DELETE', url: '/api/packages/pkgBasic', headers });

    // NOTIFY is asynchronous; it arrives within milliseconds.
    await expect.poll(() => names(second), { timeout: 5000, interval: 50 }).not.toContain('pkgBasic');
  });
});
