import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@traffic/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { testEnv } from '../../test-support/test-app.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

/** Liveness and readiness (docs/deploy.md, "Health endpoints"), and what a jobs-only process serves. */
describe('GET /api/health/live and /api/health/ready', () => {
  const t = useTestApp({}, 'never');

  it('both answer 200 on a migrated database that answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('while draining: readiness 503 at once, liveness still 200, and every answer closes its connection', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { code: 'UNAVAILABLE', message: 'This server is shutting down.' }]);
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      const packages = await t.app.inject({ method: 'GET', url: '/api/packages' });
      expect(packages.statusCode).toBe(200);
      expect(packages.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/packages' })).headers.connection).not.toBe('close');
  });

  it('503 on a database that lacks the newest migration of this build', async () => {
    const db = t.testDb.database.db;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    // A process that has not yet seen the migrations applied (readiness remembers once it has).
    const app = await buildApp(loadConfig(testEnv()), { database: t.testDb.database, logger: false, runJobs: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { code: 'UNAVAILABLE', message: 'The database lacks migrations of this build: run `npm run db:migrate`.' },
      ]);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await app.close();
  });

  it('SERVER_ROLE=jobs serves the health endpoints and nothing of the API or the web app', async () => {
    const app = await buildApp(loadConfig(testEnv({ SERVER_ROLE: 'jobs' })), {
      database: t.testDb.database,
      logger: false,
      runJobs: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/packages' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'POST', url: '/api/users/login', payload: { username: 'a', password: 'b' } })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
