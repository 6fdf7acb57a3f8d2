import { beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { User } from '@traffic/shared';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { UserViewCache, nextChange } from './user-view-cache.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const HOUR = 3_600_000;

describe('a customer’s own user object, served from the per-process cache', () => {
  let me: Session;
  const load = async (session: Session = me) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/load/${me.user.email}`, headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  // Writes made straight in the database, as another server process, a job or an admin would: the
  // cache must notice them without being told.
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

describe('UserViewCache', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('serves an entry only under its stamp and before its next change', () => {
    const cache = new UserViewCache();
    cache.set(1, { stamp: 'a', json: '{"id":1}', validUntil: now.getTime() + HOUR });
    expect(cache.get(1, 'a', now)).toBe('{"id":1}');
    expect(cache.get(1, 'b', now)).toBeUndefined();
    expect(cache.get(1, 'a', now)).toBeUndefined(); // a stale entry is dropped
    cache.set(1, { stamp: 'a', json: '{"id":1}', validUntil: now.getTime() + HOUR });
    expect(cache.get(1, 'a', new Date(now.getTime() + HOUR))).toBeUndefined();
  });

  it('keeps at most 2000 entries, dropping the least recently used', () => {
    const cache = new UserViewCache();
    for (let id = 1; id <= 2000; id++) cache.set(id, { stamp: 's', json: String(id), validUntil: Infinity });
    expect(cache.get(1, 's', now)).toBe('1'); // 1 is now the most recently used
    cache.set(2001, { stamp: 's', json: '2001', validUntil: Infinity });
    expect(cache.size).toBe(2000);
    expect(cache.get(2, 's', now)).toBeUndefined();
    expect(cache.get(1, 's', now)).toBe('1');
  });

  it('finds the first expiry after now', () => {
    const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
    expect(nextChange([iso(-HOUR), iso(3 * HOUR), iso(2 * HOUR)], now)).toBe(now.getTime() + 2 * HOUR);
    expect(nextChange([iso(-HOUR)], now)).toBe(Infinity);
  });
});
