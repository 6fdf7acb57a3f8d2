import { beforeEach, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { customerBody, customerWithPackage, loginAdmin, type Session } from '../test-support/accounts.ts';
import { createWebsite, websiteBody } from '../test-support/websites.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team, third pass: an administrator's changes to a customer's websites and details must leave
 * a record. Before the fix, PUT /api/website, POST /api/website/{id}/pause, DELETE /api/website/{id},
 * PUT /api/users/update/{email} and POST /api/users/clear-notifications/{email} all answered 200 as
 * an admin while the audit log's total did not move and the customer's activity showed nothing.
 */
const { auditEvents, notifications } = schema;

describe('red team (third pass): every admin change to a customer is on the record', () => {
  let admin: Session;
  let customer: Session;
  let websiteId: number;
  const t = useTestApp();
  beforeEach(async () => {
    customer = await customerWithPackage(t.app);
    admin = await loginAdmin(t.app);
    const created = await createWebsite(t.app, customer, { url: 'https://www.example.com/customer-page' });
    expect(created.statusCode, created.body).toBe(201);
    websiteId = (created.json() as { id: number }).id;
  });

  const total = async () => (await t.app.ctx.db.select({ n: count() }).from(auditEvents))[0]!.n;
  const latest = async () => (await t.app.ctx.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]!;
  const ownActivity = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/account/events', headers: customer.headers })).json() as {
      rows: { action: string; actorEmail: string | null; ip: string | null }[];
    };

  /** Runs the admin's call; answers the one record it added, checked to be an admin's on this customer. */
  async function recordOf(call: () => Promise<{ statusCode: number; body: string }>) {
    const before = await total();
    const res = await call();
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await total()).toBe(before + 1);
    const row = await latest();
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      subjectUserId: customer.user.id,
      targetType: 'user',
    });
    const own = await ownActivity();
    expect(own.rows[0]).toMatchObject({ action: row.action, actorEmail: null, ip: null });
    return row;
  }

  it("PUT /api/website on a customer's website: audited with the fields before and after", async () => {
    const row = await recordOf(() =>
      t.app.inject({
        method: 'PUT',
        url: '/api/website',
        headers: admin.headers,
        payload: websiteBody({
          id: websiteId,
          url: 'https://www.example.com/customer-page',
          daily_hit_limit: 100,
          traffic_source: 'Referal',
          traffic_source_type: 'https://evil.example.net/',
        }),
      }),
    );
    expect(row.action).toBe('website_updated');
    expect(row.before).toMatchObject({ website: websiteId, trafficSource: 'Direct' });
    // Only what changed: the hits stayed as they were.
    expect(row.before).not.toHaveProperty('dailyHitLimit');
    expect(row.after).toMatchObject({
      website: websiteId,
      trafficSource: 'Referal',
      trafficSourceType: 'https://evil.example.net/',
    });
  });

  it("POST /api/website/{id}/pause on a customer's website, both ways: audited", async () => {
    const paused = await recordOf(() => t.app.inject({ method: 'POST', url: `/api/website/${websiteId}/pause`, headers: admin.headers }));
    expect(paused).toMatchObject({ action: 'website_paused', before: { status: 'ACTIVE' }, after: { status: 'PAUSED' } });
    const activated = await recordOf(() =>
      t.app.inject({ method: 'POST', url: `/api/website/${websiteId}/pause`, headers: admin.headers }),
    );
    expect(activated).toMatchObject({ action: 'website_activated', before: { status: 'PAUSED' }, after: { status: 'ACTIVE' } });
  });

  it("DELETE /api/website/{id} of a customer's website: audited with what went", async () => {
    const row = await recordOf(() => t.app.inject({ method: 'DELETE', url: `/api/website/${websiteId}`, headers: admin.headers }));
    expect(row).toMatchObject({ action: 'website_deleted', before: { website: websiteId, url: 'https://www.example.com/customer-page' } });
  });

  it("PUT /api/users/update/{email}: the customer's details, before and after", async () => {
    const body = customerBody({ address: '99 Elsewhere Road', phoneNumber: '94770000000' });
    const row = await recordOf(() =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/update/${encodeURIComponent(customer.user.email)}`,
        headers: admin.headers,
        payload: { fullName: body.fullName, address: body.address, phoneNumber: body.phoneNumber, city: body.city, country: body.country },
      }),
    );
    expect(row).toMatchObject({
      action: 'user_details_updated',
      before: { address: '1 Main Street', phoneNumber: '94771234567' },
      after: { address: '99 Elsewhere Road', phoneNumber: '94770000000' },
    });
  });

  it('POST /api/users/clear-notifications/{email}: audited with how many went', async () => {
    await t.app.ctx.db
      .insert(notifications)
      .values({ userId: customer.user.id, title: 'Hello', body: 'Read me', createdAt: t.clock.now() });
    const row = await recordOf(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/clear-notifications/${encodeURIComponent(customer.user.email)}`,
        headers: admin.headers,
      }),
    );
    expect(row).toMatchObject({ action: 'notifications_cleared', before: { notifications: 1 } });
    expect(await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, customer.user.id))).toHaveLength(0);
  });

  it("the owner's own changes stay out of the admin record (they are not someone else's)", async () => {
    const before = await total();
    const res = await t.app.inject({ method: 'POST', url: `/api/website/${websiteId}/pause`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(await total()).toBe(before);
  });
});
