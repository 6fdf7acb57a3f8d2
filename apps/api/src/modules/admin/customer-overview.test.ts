import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe("the admin's customer page", () => {
  let admin: Session;
  let customer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
    customer = await customerWithPackage(t.app, 'pkgBasic', { email: 'zed@example.com', username: 'zed', fullName: 'Zed/Zulu' }, [
      { kind: 'hits', id: '1000Hits' },
    ]);
  });

  const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

  it('answers details, subscriptions with state and gateway, add-ons, websites with delivery and open sessions', async () => {
    const site = (await createWebsite(t.app, customer)).json() as { id: number };
    await t.app.ctx.db.execute(
      sql`insert into website_hits_daily (website_id, day, hits) values (${site.id}, current_date - 1, 40), (${site.id}, current_date, 10)`,
    );
    // Today is still being counted: its hits are on the website's delivery counter (a day may have
    // a row of its own too, written before migration 0035).
    await t.app.ctx.db.execute(
      sql`insert into delivery_counters (website_id, campaign_id, total, read_at, day, day_hits) values (${site.id}, '1', 15, now(), current_date, 15)`,
    );
    const res = await get(`/api/admin/customers/${customer.user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: customer.user.id,
      username: 'zed',
      email: 'zed@example.com',
      status: 'ACTIVE',
      twoFactor: false,
    });
    expect(body.subscriptions).toEqual([
      expect.objectContaining({ type: 'normal', packageId: 'pkgBasic', packageName: 'Basic', state: 'not-renewing', gateway: 'grant' }),
      expect.objectContaining({ type: 'seo', state: 'none', gateway: null }),
    ]);
    expect(body.addons).toEqual([expect.objectContaining({ kind: 'hits', type: 'normal', count: 1000 })]);
    expect(body.websites).toEqual([
      expect.objectContaining({ id: site.id, status: 'ACTIVE', deliveredLastDay: 25, delivered30Days: 65, pausedBySystem: false }),
    ]);
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
  });

  it('filters payments and audit events to the customer', async () => {
    const other = await customerWithPackage(t.app, 'pkgStandard', { email: 'amy@example.com', username: 'amy' });
    await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/zed@example.com', headers: admin.headers });
    // One card payment each (as a verified payment leaves it): the customer page must show only its customer's.
    for (const id of [customer.user.id, other.user.id])
      await t.app.ctx.db.execute(
        sql`insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, paid_at, granted_at)
            values (${id}, 'package', 'pkgBasic', 'Basic', 'normal', 14.99, 'payhere', 'paid', now(), now())`,
      );
    expect((await get('/api/admin/payments')).json().total).toBe(2);
    const payments = (await get(`/api/admin/payments?userId=${customer.user.id}`)).json();
    expect(payments.total).toBe(1);
    expect(payments.rows.every((row: { email: string }) => row.email === 'zed@example.com')).toBe(true);
    const events = (await get(`/api/admin/audit?userId=${customer.user.id}&size=100`)).json();
    const actions = events.rows.map((row: { action: string }) => row.action);
    expect(actions).toContain('user_deactivated');
    expect(events.rows.some((row: { targetLabel: string | null }) => row.targetLabel === 'amy@example.com')).toBe(false);
    expect((await get(`/api/admin/audit?userId=${other.user.id}`)).json().rows.map((r: { action: string }) => r.action)).not.toContain(
      'user_deactivated',
    );
  });

  it('answers 404 for an administrator or a missing id, 400 for a malformed one', async () => {
    expect((await get(`/api/admin/customers/${admin.user.id}`)).statusCode).toBe(404);
    expect((await get('/api/admin/customers/999999')).statusCode).toBe(404);
    expect((await get('/api/admin/customers/99999999999')).statusCode).toBe(400);
    expect((await get('/api/admin/customers/abc')).statusCode).toBe(400);
    const stranger = await registerCustomer(t.app, { username: 'nosy', email: 'nosy@example.com' });
    expect((await get(`/api/admin/customers/${customer.user.id}`, stranger.headers)).statusCode).toBe(403);
  });
});
