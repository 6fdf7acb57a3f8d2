import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { MSG } from '@traffic/shared';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { usersPage, type UsersPageFilters } from './admin.repository.ts';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('admin dashboard, users, search and notifications', () => {
  let admin: Session;
  let customer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
    customer = await customerWithPackage(t.app, 'pkgBasic', { email: 'zed@example.com', username: 'zed', fullName: 'Zed/Zulu' });
  });

  const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

  it('counts customers and websites, lists expiring subscriptions and the latest websites', async () => {
    await registerCustomer(t.app, { username: 'amy' });
    await createWebsite(t.app, customer);
    await createWebsite(t.app, customer, { url: 'https://second.example.com', daily_hit_limit: 200 });
    expect((await get('/api/admin/users')).json()).toEqual({ count: 2 });
    expect((await get('/api/admin/websites')).json()).toEqual({ count: 2 });

    const expiring = (await get('/api/admin/expire')).json();
    expect(expiring).toEqual([
      expect.objectContaining({ username: 'zed', email: 'zed@example.com', type: 'normal', package_name: 'Basic', status: 'ACTIVE' }),
    ]);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await get('/api/admin/expire')).json()).toHaveLength(1);

    const latest = (await get('/api/admin/latest-websites')).json();
    expect(latest.map((w: { url: string }) => w.url)).toEqual(['https://second.example.com', 'https://www.example.com/landing']);
    expect(latest[0]).toMatchObject({
      daily_hit_limit: 200,
      geolocation_type: 'All Countries',
      status: 'ACTIVE',
      traffic_source: 'Direct',
      username: 'zed',
    });
  });

  it('pages, searches and filters users per type on the server', async () => {
    for (const name of ['anna', 'bert', 'cleo', 'dave']) await registerCustomer(t.app, { username: name, email: `${name}@example.com` });
    const page = async (query: string, type = 'normal') => (await get(`/api/admin/all-users/${type}?${query}`)).json();

    const first = await page('page=0&size=2');
    expect(first.total).toBe(5);
    expect(first.rows.map((r: { username: string }) => r.username)).toEqual(['anna', 'bert']);
    expect((await page('page=2&size=2')).rows.map((r: { username: string }) => r.username)).toEqual(['zed']);

    await createWebsite(t.app, customer);
    const zed = (await page('search=ZED')).rows[0];
    expect(zed).toMatchObject({ username: 'zed', status: 'ACTIVE', package_name: 'Basic', package_id: 'pkgBasic' });
    expect(zed.websites).toEqual([expect.objectContaining({ url: 'https://www.example.com/landing', status: 'ACTIVE', type: 'normal' })]);
    expect((await page('search=zed', 'seo')).rows[0]).toMatchObject({ package_name: null, websites: [] });

    expect((await page('status=INACTIVE')).total).toBe(4);
    expect((await page('subscription=active')).rows.map((r: { username: string }) => r.username)).toEqual(['zed']);
    expect((await page('subscription=none')).total).toBe(4);
    expect((await page('package=pkgBasic')).total).toBe(1);
    expect((await page('search=%25_')).total).toBe(0);
    expect((await get('/api/admin/all-users/gold')).statusCode).toBe(400);
    expect((await get('/api/admin/all-users/normal?size=0')).statusCode).toBe(400);
    // A limit no form stopped is answered in words, not in the schema library's.
    const long = await get(`/api/admin/all-users/normal?search=${'x'.repeat(201)}`);
    expect(long.json()).toMatchObject({ code: 'VALIDATION', message: 'This text is too long: at most 200 characters.' });
    expect((await get('/api/admin/all-users/normal?status=WHATEVER')).statusCode).toBe(400);
  });

  it("gives the same pages however it finds them: walked, from the nearer end, or sorted from a search's matches", async () => {
    for (const name of ['anna', 'Bert', 'cleo', 'dave', 'eve', 'fay', 'gus'])
      await registerCustomer(t.app, { username: name, email: `${name}@example.com` });
    const filters = (page: number, extra: Partial<UsersPageFilters> = {}): UsersPageFilters => ({ page, size: 3, search: '', ...extra });
    // Pages of one row too: a page past the middle then starts short of the far end.
    const now = t.app.ctx.now();
    const names = (page: { rows: { username: string }[] }) => page.rows.map((r) => r.username);
    const walked = { farPageOffset: Infinity, fewMatches: 0 };
    const nearerEnd = { farPageOffset: 0, fewMatches: 0 };
    const sorted = { farPageOffset: Infinity, fewMatches: Infinity };
    const sortedNearerEnd = { farPageOffset: 0, fewMatches: Infinity };
    for (const extra of [{}, { status: 'INACTIVE' }, { subscription: 'none' as const }, { search: 'example' }, { search: 'e.c' }]) {
      for (const size of [1, 3])
        for (let page = 0; page <= 8 / size; page++) {
          const expected = await usersPage(t.app.ctx.db, 'normal', { ...filters(page, extra), size }, now, walked);
          for (const limits of [nearerEnd, sorted, sortedNearerEnd])
            expect(await usersPage(t.app.ctx.db, 'normal', { ...filters(page, extra), size }, now, limits)).toEqual(expected);
        }
    }
    expect(names(await usersPage(t.app.ctx.db, 'normal', filters(1), now, nearerEnd))).toEqual(['dave', 'eve', 'fay']);
    // The last page is the partial one; past the end, no rows and the true count.
    expect(names(await usersPage(t.app.ctx.db, 'normal', filters(2), now, nearerEnd))).toEqual(['gus', 'zed']);
    expect(names(await usersPage(t.app.ctx.db, 'normal', filters(2, { search: 'example' }), now, sortedNearerEnd))).toEqual(['gus', 'zed']);
    expect(await usersPage(t.app.ctx.db, 'normal', filters(3), now, nearerEnd)).toEqual({ total: 8, rows: [] });
  });

  it('searches users by name, form-encoded, with the slash replaced by a space', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-users',
      headers: { ...admin.headers, ...form({ filters: JSON.stringify({ search: 'zul' }) }).headers },
      payload: form({ filters: JSON.stringify({ search: 'zul' }) }).payload,
    });
    expect(res.json()).toEqual([{ id: customer.user.id, username: 'zed', fullName: 'Zed Zulu' }]);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-users',
      headers: { ...admin.headers, ...form({ filters: '{nope' }).headers },
      payload: form({ filters: '{nope' }).payload,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('notifies all customers in one statement, or the selected ones; text is stored as given', async () => {
    const other = await registerCustomer(t.app, { email: 'other@example.com' });
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notify/all',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ title: '<b>Hi</b>', body: 'Body & more' }).toString(),
    });
    expect(all.json()).toEqual({ sent: 2 });
    const selected = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notify/selected',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ title: 'Just you', body: 'Hello', userIds: JSON.stringify([other.user.id]) }).toString(),
    });
    expect(selected.json()).toEqual({ sent: 1 });

    const load = async (s: Session) =>
      (await t.app.inject({ method: 'POST', url: `/api/users/load/${s.user.email}`, headers: s.headers })).json();
    const mine = (await load(other)).notifications.map((n: { title: string }) => decodeURIComponent(n.title));
    expect(mine).toEqual(['Just you', '<b>Hi</b>']);
    expect((await load(customer)).notifications).toHaveLength(1);
    const [adminNotes] = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from notifications where user_id = ${admin.user.id}`,
    );
    expect(adminNotes!.n).toBe(0);
  });

  it.each([
    [{ body: 'b' }, MSG.titleRequired],
    [{ title: 't' }, MSG.descriptionRequired],
    [{ title: ' ', body: 'b' }, MSG.titleRequired],
  ])('refuses a notification %j with the documented message', async (fields, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notify/all',
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a selected notification without participants, or with a malformed list', async () => {
    const send = (userIds?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/notify/selected',
        headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ title: 't', body: 'b', ...(userIds === undefined ? {} : { userIds }) }).toString(),
      });
    expect((await send()).json().message).toBe(MSG.selectParticipants);
    expect((await send('[1,')).statusCode).toBe(400);
    expect((await send('["x"]')).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/notify/everyone',
          headers: admin.headers,
          payload: { title: 't', body: 'b' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('activates and deactivates users; an admin cannot deactivate themselves', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/zed@example.com', headers: admin.headers })).json()).toEqual({
      ok: true,
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/users/load/zed@example.com', headers: customer.headers })).json().status).toBe(
      'DEACTIVATED',
    );
    await t.app.inject({ method: 'PUT', url: '/api/users/activate/zed@example.com', headers: admin.headers });
    expect((await t.app.inject({ method: 'POST', url: '/api/users/load/zed@example.com', headers: customer.headers })).json().status).toBe(
      'ACTIVE',
    );
    // The only administrator: the last active one (409); with another, still not their own (403).
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/admin@example.com', headers: admin.headers })).statusCode).toBe(
      409,
    );
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/ghost@example.com', headers: admin.headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses every admin call to customers (403) and visitors (401)', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/websites'],
      ['GET', '/api/admin/expire'],
      ['GET', '/api/admin/latest-websites'],
      ['GET', '/api/admin/all-users/normal'],
      ['GET', '/api/admin/activated-addons'],
      ['POST', '/api/admin/search-users'],
      ['POST', '/api/admin/notify/all'],
      ['PUT', '/api/users/activate/zed@example.com'],
      ['PUT', '/api/users/deactivate/zed@example.com'],
      ['POST', `/api/website/${customer.user.id}/websites/PAUSED`],
    ];
    for (const [method, url] of calls) {
      const asCustomer = await t.app.inject({ method: method as 'GET', url, headers: customer.headers });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
