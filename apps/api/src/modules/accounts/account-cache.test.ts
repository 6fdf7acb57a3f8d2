import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@traffic/db';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { testEnv } from '../../test-support/test-app.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { User } from '@traffic/shared';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { AccountCache, MAX_AGE_MS, nextChange, type SessionRow } from './account-cache.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const HOUR = 3_600_000;

/** The session id a session token names (its `jti`). */
const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

describe('a customer’s own user object, served from the per-process cache', () => {
  let me: Session;
  const load = async (session: Session = me) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/load/${me.user.email}`, headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  // Writes made straight in the database, as a job or an admin would: the database announces them
  // (migration 0027), and the cache forgets the account before the write returns.
  const write = (query: SQL) => t.testDb.database.db.execute(query);

  const t = useTestApp();
  beforeEach(async () => {
    me = await customerWithPackage(t.app, 'pkgBasic', { email: 'cached@example.com' }, [{ kind: 'hits', id: '1000Hits' }]);
    expect((await createWebsite(t.app, me)).statusCode).toBe(201);
  });

  it('answers the same object again while nothing changed, and the same object an admin loads uncached', async () => {
    const first = await load();
    expect(await load()).toEqual(first);
    expect(await load(await loginAdmin(t.app))).toEqual(first);
  });

  const changes: [string, (id: number) => SQL, (user: User) => unknown, unknown][] = [
    ['the user row', (id) => sql`update users set city = 'Kandy' where id = ${id}`, (u) => u.city, 'Kandy'],
    [
      'a new notification',
      (id) => sql`insert into notifications (user_id, title, body) values (${id}, 'Hello', 'World')`,
      (u) => u.notifications.length,
      1,
    ],
    ['a website', (id) => sql`update websites set status = 'PAUSED' where user_id = ${id}`, (u) => u.websites[0]?.status, 'PAUSED'],
    ['a website deleted', (id) => sql`delete from websites where user_id = ${id}`, (u) => u.websites.length, 0],
    [
      'a website’s countries',
      (id) => sql`insert into website_locations (website_id, country_code) select id, 'LK' from websites where user_id = ${id}`,
      (u) => u.websites[0]?.locations.length,
      1,
    ],
    [
      'an add-on',
      (id) => sql`update activated_addons set count = 7 where user_id = ${id}`,
      (u) => u.activatedadditionalhits[0]?.additional_hit?.count,
      7,
    ],
    ['an add-on removed', (id) => sql`delete from activated_addons where user_id = ${id}`, (u) => u.activatedadditionalhits.length, 0],
    [
      'the subscription',
      (id) => sql`update subscriptions set package_id = 'pkgStandard' where user_id = ${id}`,
      (u) => u.package?.name,
      'Standard',
    ],
    [
      'the subscribed package in the catalogue',
      () => sql`update packages set name = 'Basic Plus' where id = 'pkgBasic'`,
      (u) => u.package?.name,
      'Basic Plus',
    ],
  ];
  for (const [what, change, read, expected] of changes) {
    it(`shows a change to ${what} on the next load`, async () => {
      const before = await load();
      expect(read(before)).not.toEqual(expected);
      await load(); // now certainly cached
      await write(change(me.user.id));
      expect(read(await load())).toEqual(expected);
    });
  }

  it('shows a website’s countries added, changed and removed (announced through the website’s account)', async () => {
    const countries = async () => JSON.stringify((await load()).websites[0]?.locations);
    const ofMine = sql`(select id from websites where user_id = ${me.user.id})`;
    await load();
    await write(sql`insert into website_locations (website_id, country_code) select id, 'LK' from websites where user_id = ${me.user.id}`);
    expect(await countries()).toContain('LK');
    await write(sql`update website_locations set country_code = 'GB' where website_id in ${ofMine}`);
    expect(await countries()).not.toContain('LK');
    expect(await countries()).toContain('GB');
    await write(sql`delete from website_locations where website_id in ${ofMine}`);
    expect(await countries()).toBe('[]');
  });

  it('shows a notification cleared and a new one sent in between (same count)', async () => {
    await write(sql`insert into notifications (user_id, title, body) values (${me.user.id}, 'One', 'First')`);
    expect((await load()).notifications.map((n: { title: string }) => n.title)).toEqual(['One']);
    await write(sql`delete from notifications where user_id = ${me.user.id}`);
    await write(sql`insert into notifications (user_id, title, body) values (${me.user.id}, 'Two', 'Second')`);
    expect((await load()).notifications.map((n: { title: string }) => n.title)).toEqual(['Two']);
  });

  it('recomputes the statistics when an add-on expires, with no write at all', async () => {
    await write(sql`update activated_addons set expires_at = now() + interval '1 hour' where user_id = ${me.user.id}`);
    expect((await load()).stats.normal.totalHits).toBe(2000);
    t.clock.advance(2 * HOUR);
    expect((await load()).stats.normal.totalHits).toBe(1000);
  });

  it('never serves one customer’s object to another', async () => {
    await load();
    const other = await customerWithPackage(t.app, 'pkgBasic', { email: 'other@example.com' });
    const res = await t.app.inject({ method: 'POST', url: `/api/users/load/${other.user.email}`, headers: other.headers });
    expect(res.json().email).toBe('other@example.com');
    expect(res.json().websites).toEqual([]);
  });
});

describe('a signed-in caller’s session, served from the per-process cache', () => {
  const t = useTestApp();
  let me: Session;
  const call = () => t.app.inject({ method: 'GET', url: '/api/websites', headers: me.headers });
  beforeEach(async () => {
    me = await customerWithPackage(t.app, 'pkgBasic', { email: 'session@example.com' });
    expect((await call()).statusCode).toBe(200); // now certainly cached
  });

  const endings: [string, (id: number) => SQL][] = [
    ['the session ended', (id) => sql`update sessions set ended_at = now() where user_id = ${id}`],
    ['the session deleted', (id) => sql`delete from sessions where user_id = ${id}`],
    ['the account deleted', (id) => sql`delete from users where id = ${id}`],
  ];
  for (const [what, end] of endings) {
    it(`refuses the very next call once ${what}`, async () => {
      await t.testDb.database.db.execute(end(me.user.id));
      expect((await call()).statusCode).toBe(401);
    });
  }

  it('keeps the session while a website changes, and serves the changed user object on the very next load', async () => {
    const load = () => t.app.inject({ method: 'POST', url: `/api/users/load/${me.user.email}`, headers: me.headers });
    expect((await load()).json().websites).toHaveLength(0);
    const sessionReads = () =>
      t.testDb.database.db
        .execute(sql`select 1`)
        .then(() => (t.app.accountCache.session(me.user.id, sessionIdOf(me.token)) ? 'held' : 'read again'));
    expect(await sessionReads()).toBe('held');
    expect((await createWebsite(t.app, me)).statusCode).toBe(201);
    expect(await sessionReads()).toBe('held');
    expect((await load()).json().websites).toHaveLength(1);
    // A change to the account itself still drops its sessions at once.
    await t.testDb.database.db.execute(sql`update users set city = 'Galle' where id = ${me.user.id}`);
    expect(await sessionReads()).toBe('read again');
  });

  it('reads the account’s new status on the very next call once an admin deactivates it', async () => {
    const load = () => t.app.inject({ method: 'POST', url: `/api/users/load/${me.user.email}`, headers: me.headers });
    expect((await load()).json().status).toBe('ACTIVE');
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${me.user.email}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await load()).json().status).toBe('DEACTIVATED');
  });
});

/** Two server processes on one PostgreSQL: what one writes, the other stops serving within a second. */
describe.runIf(process.env.TEST_DATABASE_URL)('the account cache across server processes (PostgreSQL)', () => {
  // Processes of one deployment share the secret that signs sessions.
  const JWT_SECRET = randomBytes(48).toString('base64url');
  const first = useTestApp({ JWT_SECRET }, 'once');
  let secondDb: Database;
  let second: App;
  let me: Session;
  beforeAll(async () => {
    secondDb = await openDatabase({ kind: 'postgres', url: first.testDb.url!, poolSize: 2 });
    second = await buildApp(loadConfig(testEnv({ JWT_SECRET })), { database: secondDb, logger: false, runJobs: false });
    me = await customerWithPackage(first.app, 'pkgBasic', { email: 'two-processes@example.com' });
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
  });
  const load = (app: App) => app.inject({ method: 'POST', url: `/api/users/load/${me.user.email}`, headers: me.headers });

  it('serves the writer’s own change on its very next call, and the other process’s within a second', async () => {
    expect((await load(first.app)).json().city).not.toBe('Galle');
    expect((await load(second)).json().city).not.toBe('Galle'); // now held by both
    const res = await first.app.inject({
      method: 'PUT',
      url: `/api/users/update/${me.user.email}`,
      headers: me.headers,
      payload: { address: '1 Main Street', phoneNumber: '+94771234567', fullName: 'Ann/Perera', city: 'Galle', country: 'Sri Lanka' },
    });
    expect(res.json().data).toMatchObject({ city: 'Galle' });
    expect((await load(first.app)).json().city).toBe('Galle');
    await expect.poll(async () => (await load(second)).json().city, { timeout: 1000, interval: 20 }).toBe('Galle');
  });

  it('refuses an ended session on the process that ended it at once, and on the other within a second', async () => {
    expect((await load(second)).statusCode).toBe(200);
    const res = await first.app.inject({ method: 'POST', url: '/api/users/logout', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect((await load(first.app)).statusCode).toBe(401);
    await expect.poll(async () => (await load(second)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });
});

describe('AccountCache', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const row = (id: number): SessionRow => ({
    id,
    email: `${id}@example.com`,
    username: `u${id}`,
    role: 'ROLE_USER',
    status: 'ACTIVE',
    twoFactor: false,
    lastSeenAt: now,
  });
  let clock = 0;
  const cache = () => {
    clock = 0;
    return new AccountCache(() => clock);
  };

  it('serves a session and a user object until their account is announced, for at most MAX_AGE_MS', () => {
    const accounts = cache();
    accounts.storeSession(1, 's1', row(1), accounts.beginRead(1));
    accounts.storeView(1, '{"id":1}', Infinity, accounts.beginRead(1));
    accounts.storeSession(2, 's2', row(2), accounts.beginRead(2));
    expect(accounts.session(1, 's1')).toEqual(row(1));
    expect(accounts.session(1, 's2')).toBeUndefined(); // another account's session is not this one's
    expect(accounts.view(1, now.getTime())).toBe('{"id":1}');
    accounts.changed('7,1');
    expect(accounts.session(1, 's1')).toBeUndefined();
    expect(accounts.view(1, now.getTime())).toBeUndefined();
    expect(accounts.session(2, 's2')).toEqual(row(2));
    clock = MAX_AGE_MS;
    expect(accounts.session(2, 's2')).toBeUndefined();
  });

  it('on a user object’s announcement ("v:" ids, migration 0033) forgets the user object and keeps the sessions and tokens', () => {
    const accounts = cache();
    accounts.storeSession(1, 's1', row(1), accounts.beginRead(1));
    accounts.storeView(1, '{"id":1}', Infinity, accounts.beginRead(1));
    accounts.storeView(2, '{"id":2}', Infinity, accounts.beginRead(2));
    const reading = accounts.beginRead(1);
    accounts.changed('v:7;1');
    expect(accounts.view(1, now.getTime())).toBeUndefined();
    expect(accounts.session(1, 's1')).toEqual(row(1));
    expect(accounts.view(2, now.getTime())).toBe('{"id":2}');
    // A user object read while it was announced is not stored; a session read then still is.
    accounts.storeView(1, '{"id":1,"old":true}', Infinity, reading);
    expect(accounts.view(1, now.getTime())).toBeUndefined();
    accounts.storeSession(1, 's2', row(1), reading);
    expect(accounts.session(1, 's2')).toEqual(row(1));
    // A full announcement of the account moves its user object's version too.
    const beforeFull = accounts.beginRead(2);
    accounts.changed('2');
    accounts.storeView(2, '{"id":2}', Infinity, beforeFull);
    expect(accounts.view(2, now.getTime())).toBeUndefined();
    // 'v:*' (a catalogue package) forgets every user object, no session.
    accounts.storeView(1, '{"id":1}', Infinity, accounts.beginRead(1));
    const beforeEvery = accounts.beginRead(1);
    accounts.changed('v:*');
    expect(accounts.view(1, now.getTime())).toBeUndefined();
    expect(accounts.session(1, 's1')).toEqual(row(1));
    accounts.storeView(1, '{"id":1}', Infinity, beforeEvery);
    expect(accounts.view(1, now.getTime())).toBeUndefined();
  });

  it('reads a "v:" payload it cannot parse as every account changed (an earlier build joins "v:7" and "7" into "v:7,7")', () => {
    for (const payload of ['v:7,7', 'v:*,9', 'v:', 'v:7;', 'v:7;x', 'v:v:7']) {
      const accounts = cache();
      accounts.storeSession(7, 's7', row(7), accounts.beginRead(7));
      accounts.changed(payload);
      expect({ payload, session: accounts.session(7, 's7') }).toEqual({ payload, session: undefined });
    }
  });

  it('forgets every account on "*" or a payload it cannot read', () => {
    for (const payload of ['*', '1,x', '', ' ', '-1', '1,,2']) {
      const accounts = cache();
      accounts.storeSession(2, 's2', row(2), accounts.beginRead(2));
      accounts.changed(payload);
      expect(accounts.session(2, 's2')).toBeUndefined();
    }
  });

  it('does not store what a read found if its account was announced while it read', () => {
    const accounts = cache();
    const before = accounts.beginRead(1);
    accounts.changed('1');
    accounts.storeSession(1, 's1', row(1), before);
    expect(accounts.session(1, 's1')).toBeUndefined();
    const beforeAll = accounts.beginRead(1);
    accounts.changed('*');
    accounts.storeView(1, '{}', Infinity, beforeAll);
    expect(accounts.view(1, now.getTime())).toBeUndefined();
  });

  it('counts an entry’s second from when its read began, and stores no read older than that', () => {
    const accounts = cache();
    const slow = accounts.beginRead(1);
    clock = 600;
    accounts.storeSession(1, 's1', row(1), slow);
    clock = MAX_AGE_MS - 1;
    expect(accounts.session(1, 's1')).toEqual(row(1));
    clock = MAX_AGE_MS;
    expect(accounts.session(1, 's1')).toBeUndefined();
    const tooSlow = accounts.beginRead(2);
    clock += MAX_AGE_MS;
    accounts.storeSession(2, 's2', row(2), tooSlow);
    expect(accounts.session(2, 's2')).toBeUndefined();
  });

  it('holds a token under its account; a token read before its account is known is voided by any announcement', () => {
    const accounts = new AccountCache<{ scope: string }>(() => clock);
    const blind = accounts.beginRead(accounts.tokenOwner('h1'));
    accounts.changed('99');
    accounts.storeToken(1, 'h1', { scope: 'read' }, blind);
    expect(accounts.token('h1')).toBeUndefined();
    accounts.storeToken(1, 'h1', { scope: 'read' }, accounts.beginRead());
    expect(accounts.token('h1')).toEqual({ userId: 1, row: { scope: 'read' } });
    expect(accounts.tokenOwner('h1')).toBe(1);
    const known = accounts.beginRead(accounts.tokenOwner('h1'));
    accounts.changed('99'); // another account: this read still stands
    accounts.storeToken(1, 'h1', { scope: 'write' }, known);
    expect(accounts.token('h1')?.row).toEqual({ scope: 'write' });
    accounts.changed('1');
    expect(accounts.token('h1')).toBeUndefined();
  });

  it('drops a user object at its next expiry', () => {
    const accounts = cache();
    accounts.storeView(1, '{}', now.getTime() + HOUR, accounts.beginRead(1));
    expect(accounts.view(1, now.getTime())).toBe('{}');
    expect(accounts.view(1, now.getTime() + HOUR)).toBeUndefined();
  });

  it('keeps at most 2000 accounts, dropping the least recently stored', () => {
    const accounts = cache();
    for (let id = 1; id <= 2001; id++) accounts.storeSession(id, 's', row(id), accounts.beginRead(id));
    expect(accounts.size).toBe(2000);
    expect(accounts.session(1, 's')).toBeUndefined();
    expect(accounts.session(2001, 's')).toEqual(row(2001));
  });

  it('finds the first expiry after now', () => {
    const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(nextChange([iso(-HOUR), iso(3 * HOUR), iso(2 * HOUR)], now)).toBe(now.getTime() + 2 * HOUR);
    expect(nextChange([iso(-HOUR)], now)).toBe(Infinity);
  });
});
