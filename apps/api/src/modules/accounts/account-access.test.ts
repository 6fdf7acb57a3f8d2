import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@traffic/shared';
import { loginAdmin, registerCustomer } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const details = { address: '2 New Road', phoneNumber: '+4412345678', fullName: 'Grace/Hopper', city: 'London', country: 'United Kingdom' };

describe('loading, updating and clearing a user', () => {
  const t = useTestApp();

  it('a customer loads their own user object (email in any case)', async () => {
    const me = await registerCustomer(t.app, { email: 'me@example.com' });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/load/ME@example.com', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(me.user);
  });

  it('a visitor gets 401; another customer gets 403 and learns nothing', async () => {
    const me = await registerCustomer(t.app, { email: 'me@example.com' });
    const other = await registerCustomer(t.app);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('UNAUTHORIZED');

    for (const email of ['me@example.com', 'nobody@example.com']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/users/load/${email}`, headers: other.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'You may not access this account.' });
    }
    const update = await t.app.inject({ method: 'PUT', url: '/api/users/update/me@example.com', headers: other.headers, payload: details });
    expect(update.statusCode).toBe(403);
    const clear = await t.app.inject({ method: 'POST', url: '/api/users/clear-notifications/me@example.com', headers: other.headers });
    expect(clear.statusCode).toBe(403);
    const unchanged = await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com', headers: me.headers });
    expect(unchanged.json()).toEqual(me.user);
  });

  it('an admin loads and updates any user; an unknown email is 404 for an admin', async () => {
    const customer = await registerCustomer(t.app, { email: 'cust@example.com' });
    const admin = await loginAdmin(t.app);
    const load = await t.app.inject({ method: 'POST', url: '/api/users/load/cust@example.com', headers: admin.headers });
    expect(load.json().id).toBe(customer.user.id);
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update/cust@example.com',
      headers: admin.headers,
      payload: details,
    });
    expect(update.json().data.city).toBe('London');
    const missing = await t.app.inject({ method: 'POST', url: '/api/users/load/ghost@example.com', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('updates details and answers the new user object under data', async () => {
    const me = await registerCustomer(t.app, { email: 'me@example.com' });
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/update/me@example.com', headers: me.headers, payload: details });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...details, email: 'me@example.com' });
  });

  it.each([
    [{ address: '' }, MSG.addressRequired],
    [{ phoneNumber: '' }, MSG.mobileRequired],
    [{ phoneNumber: '123' }, MSG.mobileInvalid],
    [{ phoneNumber: 'abcdefgh' }, MSG.mobileInvalid],
    [{ fullName: ' /Hopper' }, MSG.firstNameRequired],
    [{ fullName: 'Grace/' }, MSG.lastNameRequired],
    [{ city: '' }, MSG.cityRequired],
    [{ country: '' }, MSG.countryRequired],
    [{ address: '', city: '' }, MSG.addressRequired],
  ])('refuses update %j with the documented message and changes nothing', async (override, message) => {
    const me = await registerCustomer(t.app, { email: 'me@example.com' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update/me@example.com',
      headers: me.headers,
      payload: { ...details, ...override },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const after = await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com', headers: me.headers });
    expect(after.json()).toEqual(me.user);
  });

  it('lists notifications newest first, URL-encoded, and Clear empties them', async () => {
    const me = await registerCustomer(t.app, { email: 'me@example.com' });
    await t.app.ctx.db.execute(sql`insert into notifications (user_id, title, body, created_at) values
      (${me.user.id}, 'Old news', 'first', now() - interval '1 day'),
      (${me.user.id}, 'Sale & more', '50% off <today>', now())`);
    const loaded = (await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com', headers: me.headers })).json();
    expect(loaded.notifications.map((n: { title: string }) => n.title)).toEqual([encodeURIComponent('Sale & more'), 'Old%20news']);
    expect(decodeURIComponent(loaded.notifications[0].body)).toBe('50% off <today>');
    expect(new Date(loaded.notifications[0].date).toISOString()).toBe(loaded.notifications[0].date);

    const clear = await t.app.inject({ method: 'POST', url: '/api/users/clear-notifications/me@example.com', headers: me.headers });
    expect(clear.json()).toEqual({ ok: true });
    const after = (await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com', headers: me.headers })).json();
    expect(after.notifications).toEqual([]);
  });

  it('rejects a forged or garbled token with 401', async () => {
    await registerCustomer(t.app, { email: 'me@example.com' });
    for (const authorization of ['Bearer nonsense', 'Bearer ', 'Basic abc', `Bearer ${'a'.repeat(500)}`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/load/me@example.com', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});
