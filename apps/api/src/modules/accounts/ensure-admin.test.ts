import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { loadConfig } from '../../config.ts';
import type { AppContext } from '../../core/context.ts';
import { testEnv } from '../../test-support/test-app.ts';
import { verifyPassword } from '../../lib/password.ts';
import { ensureAdmin } from './ensure-admin.ts';

const { users, sessions } = schema;

describe('ensureAdmin', () => {
  let t: TestDatabase;
  const warnings: string[] = [];
  const ctxWith = (env: Record<string, string | undefined>): AppContext => ({
    config: loadConfig(testEnv(env)),
    database: t.database,
    db: t.database.db,
    log: { info: () => undefined, warn: (m: string) => warnings.push(m) } as unknown as AppContext['log'],
    catalogue: undefined as unknown as AppContext['catalogue'],
    jobs: { kick: () => undefined },
    now: () => new Date(),
  });

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  beforeEach(async () => {
    warnings.length = 0;
    await t.database.db.delete(users);
  });
  afterAll(() => t.destroy());

  it('creates the configured admin, ACTIVE, with an argon2id hash of the password', async () => {
    await ensureAdmin(ctxWith({ ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'first-password' }));
    const [admin] = await t.database.db.select().from(users);
    expect(admin).toMatchObject({ email: 'Boss@Example.com', role: 'ROLE_ADMIN', status: 'ACTIVE', username: 'Boss' });
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, 'first-password')).toBe(true);
  });

  it('on a later start, restores role, status and a changed password, ending old sessions', async () => {
    await ensureAdmin(ctxWith({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'first-password' }));
    await t.database.db.update(users).set({ status: 'DEACTIVATED', role: 'ROLE_USER' });
    const [boss] = await t.database.db.select().from(users);
    const sessionId = randomUUID();
    await t.database.db.insert(sessions).values({ id: sessionId, userId: boss!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    await ensureAdmin(ctxWith({ ADMIN_EMAIL: 'BOSS@example.com', ADMIN_PASSWORD: 'second-password' }));
    const all = await t.database.db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.endedAt).not.toBeNull();
    expect(await verifyPassword(all[0]!.passwordHash, 'second-password')).toBe(true);
  });

  it('without settings, creates admin@localhost once and prints its password once', async () => {
    const ctx = ctxWith({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    await ensureAdmin(ctx);
    await ensureAdmin(ctx);
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'ROLE_ADMIN'));
    expect(admins.map((a) => a.email)).toEqual(['admin@localhost']);
    expect(warnings).toHaveLength(1);
    const password = /password (\S+)/.exec(warnings[0]!)?.[1];
    expect(await verifyPassword(admins[0]!.passwordHash, password!)).toBe(true);
  });
});

describe('ensureAdmin with several servers starting at once', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.destroy());

  it('creates one admin and neither start fails', async () => {
    const ctx = (env: Record<string, string | undefined>): AppContext => ({
      config: loadConfig(testEnv(env)),
      database: t.database,
      db: t.database.db,
      log: { info: () => undefined, warn: () => undefined } as unknown as AppContext['log'],
      catalogue: undefined as unknown as AppContext['catalogue'],
      jobs: { kick: () => undefined },
      now: () => new Date(),
    });
    const env = { ADMIN_EMAIL: 'race@example.com', ADMIN_PASSWORD: 'race-password-1' };
    await Promise.all([ensureAdmin(ctx(env)), ensureAdmin(ctx(env)), ensureAdmin(ctx(env))]);
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'ROLE_ADMIN'));
    expect(admins.map((a) => a.email)).toEqual(['race@example.com']);
  });
});
