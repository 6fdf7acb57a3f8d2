import { beforeEach, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { queryRows, schema } from '@traffic/db';
import { ADMIN_ACTIONS, type AdminAction } from '@traffic/shared';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { payWithSandboxCard } from '../../test-support/payhere-sandbox.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

const { auditEvents } = schema;
const DAY = 24 * 60 * 60 * 1000;
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

interface AuditRow {
  id: number;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  device: string | null;
}

/**
 * Every admin action, driven over HTTP, leaves one audit record (read back through the admin's
 * audit log) naming who did what to what, with the change; an action that fails leaves none.
 */
describe('the audit log of admin actions', () => {
  let admin: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
  });

  /** The records of one action, newest first, as the admin's audit screen reads them. */
  const records = async (action: AdminAction): Promise<AuditRow[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/audit?action=${action}&size=100`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { rows: AuditRow[] }).rows;
  };
  /** Every admin action's record, straight from the table. */
  const adminRecords = () =>
    t.app.ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(inArray(auditEvents.action, [...ADMIN_ACTIONS]));
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const notify = (audience: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/notify/${audience}`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const byAdmin = () => ({ actorEmail: admin.user.email, ip: expect.stringMatching(/^10\./), device: expect.any(String) });

  it("records a package grant with the customer's package before and after", async () => {
    const customer = await registerCustomer(t.app);
    const target = { targetType: 'user', targetId: String(customer.user.id), targetLabel: customer.user.email };
    const grant = (pkg: string) => call('POST', '/api/users/addPackage', { pkg, email: customer.user.email });

    expect((await grant('pkgBasic')).statusCode).toBe(200);
    const [first] = await records('package_granted');
    expect(first).toMatchObject({
      ...byAdmin(),
      action: 'package_granted',
      ...target,
      before: null,
      after: { package: 'pkgBasic', name: 'Basic', expiresAt: ISO, order: expect.any(String) },
    });

    expect((await grant('pkgStandard')).statusCode).toBe(200);
    const rows = await records('package_granted');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      ...target,
      before: { package: 'pkgBasic', name: 'Basic', expiresAt: first!.after!.expiresAt },
      after: { package: 'pkgStandard', name: 'Standard', expiresAt: ISO },
    });
    expect(rows[0]!.after!.order).not.toBe(first!.after!.order);

    // A customer finalizing their own order is not an admin action.
    expect((await records('package_granted')).every((r) => r.actorEmail === admin.user.email)).toBe(true);
  });

  it('records an add-on granted and an activated add-on deleted, naming the customer', async () => {
    const customer = await customerWithPackage(t.app);
    const target = { targetType: 'user', targetId: String(customer.user.id), targetLabel: customer.user.email };
    const granted = await call('POST', '/api/activated-additional-hits/email', { additional_id: '1000Hits', email: customer.user.email });
    expect(granted.statusCode).toBe(200);
    const activationId = granted.json().id as number;
    const activation = {
      activation: activationId,
      addon: '1000Hits',
      name: '1000 Extra Hits',
      kind: 'hits',
      type: 'normal',
      count: 1000,
      expiresAt: granted.json().expiry_date,
    };
    expect(await records('addon_granted')).toEqual([
      expect.objectContaining({ ...byAdmin(), ...target, before: null, after: { ...activation, order: expect.any(String) } }),
    ]);

    expect((await call('DELETE', `/api/activated-additional-hits/${activationId}`)).statusCode).toBe(200);
    expect(await records('addon_deleted')).toEqual([expect.objectContaining({ ...byAdmin(), ...target, before: activation, after: null })]);
  });

  it('records a refund with the status and amount before and after; a refund the gateway refuses leaves no record', async () => {
    const buyer = await registerCustomer(t.app, { email: 'audit-refund@example.com' });
    const refund = (id: string) => call('POST', `/api/admin/payments/${id}/refund`, { reason: 'Asked within the window' });
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');

    expect((await refund(`o-${orderId}`)).statusCode).toBe(200);
    expect(await records('payment_refunded')).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        targetType: 'payment',
        targetId: `o-${orderId}`,
        targetLabel: 'audit-refund@example.com',
        before: { status: 'paid', amount: '14.99', currency: 'USD' },
        after: {
          status: 'refunded',
          amount: '14.99',
          currency: 'USD',
          item: 'Basic',
          charge: 'payment',
          order: orderId,
          reason: 'Asked within the window',
          refundId: expect.any(String),
        },
      }),
    ]);

    // Refunded already at PayHere (in its portal, say): the gateway refuses and nothing is recorded.
    const second = await payWithSandboxCard(t.app, buyer, 'hits', '1000Hits');
    await t.app.ctx.db.execute(sql`update sandbox_payhere_payments set status = 'REFUNDED' where order_id = ${second}`);
    expect((await refund(`o-${second}`)).statusCode).toBe(502);
    // Refunded here already, or past the window: refused before any change.
    expect((await refund(`o-${orderId}`)).statusCode).toBe(409);
    t.clock.advance(31 * DAY);
    expect((await refund(`o-${second}`)).statusCode).toBe(409);
    expect(await records('payment_refunded')).toHaveLength(1);
  });

  it("records pausing and unpausing all of a user's websites, with how many changed", async () => {
    const owner = await customerWithPackage(t.app);
    expect((await createWebsite(t.app, owner)).statusCode).toBe(201);
    expect((await createWebsite(t.app, owner, { url: 'https://www.example.org/' })).statusCode).toBe(201);
    const target = { targetType: 'user', targetId: String(owner.user.id), targetLabel: owner.user.email };
    const setAll = (status: 'PAUSED' | 'ACTIVE') => call('POST', `/api/website/${owner.user.id}/websites/${status}`);

    expect((await setAll('PAUSED')).json()).toMatchObject({ count: 2 });
    expect((await setAll('PAUSED')).statusCode).toBe(200);
    expect((await records('websites_paused')).map((r) => r.after)).toEqual([{ websites: 0 }, { websites: 2 }]);
    expect((await records('websites_paused'))[1]).toMatchObject({ ...byAdmin(), ...target, before: null });

    expect((await setAll('ACTIVE')).statusCode).toBe(200);
    expect(await records('websites_unpaused')).toEqual([expect.objectContaining({ ...byAdmin(), ...target, after: { websites: 2 } })]);
  });

  it('records catalogue creates, edits (the changed fields only) and retirements, of packages and add-ons', async () => {
    const pkg = { name: 'Audit Pack', price: 10, hits_per_day: 100, slots: 2, description: 'Plain', type: 'normal' };
    expect((await call('POST', '/api/packages', pkg)).statusCode).toBe(201);
    expect((await call('PUT', '/api/packages', { ...pkg, id: 'pkgAuditPack', price: '12.50', slots: 3 })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/packages/pkgAuditPack')).statusCode).toBe(200);

    expect((await call('POST', '/api/additional-hits', { name: 'Audit hits', price: 3, count: 7000 })).statusCode).toBe(201);
    expect((await call('PUT', '/api/additional-hits', { id: '7000Hits', name: 'Audit hits+', price: 3, count: 7000 })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', '/api/additional-hits/7000Hits')).statusCode).toBe(200);

    const packageTarget = { targetType: 'package', targetId: 'pkgAuditPack', targetLabel: 'Audit Pack' };
    const addonTarget = { targetType: 'addon', targetId: '7000Hits' };
    expect(await records('catalogue_created')).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        ...addonTarget,
        targetLabel: 'Audit hits',
        before: null,
        after: { kind: 'hits', name: 'Audit hits', price: '3.00', count: 7000, type: 'normal' },
      }),
      expect.objectContaining({
        ...byAdmin(),
        ...packageTarget,
        before: null,
        after: { name: 'Audit Pack', price: '10.00', description: 'Plain', type: 'normal', hits_per_day: 100, slots: 2 },
      }),
    ]);
    expect(await records('catalogue_updated')).toEqual([
      expect.objectContaining({
        ...addonTarget,
        targetLabel: 'Audit hits+',
        before: { name: 'Audit hits' },
        after: { name: 'Audit hits+' },
      }),
      expect.objectContaining({ ...packageTarget, before: { price: '10.00', slots: 2 }, after: { price: '12.50', slots: 3 } }),
    ]);
    expect(await records('catalogue_retired')).toEqual([
      expect.objectContaining({ ...addonTarget, targetLabel: 'Audit hits+', before: { retiredAt: null }, after: { retiredAt: ISO } }),
      expect.objectContaining({ ...packageTarget, before: { retiredAt: null }, after: { retiredAt: ISO } }),
    ]);
  });

  it('records a notification with its audience, title and how many received it', async () => {
    await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    expect((await notify('all', { title: 'Maintenance', body: 'Tonight' })).json()).toEqual({ sent: 2 });
    expect((await notify('selected', { title: 'Just you', body: 'Hi', userIds: JSON.stringify([other.user.id]) })).json()).toEqual({
      sent: 1,
    });
    expect(await records('notification_sent')).toEqual([
      expect.objectContaining({
        ...byAdmin(),
        targetType: 'notification',
        targetId: 'selected',
        targetLabel: 'Just you',
        after: { audience: 'selected', title: 'Just you', recipients: 1 },
      }),
      expect.objectContaining({
        targetType: 'notification',
        targetId: 'all',
        targetLabel: 'Maintenance',
        after: { audience: 'all', title: 'Maintenance', recipients: 2 },
      }),
    ]);
  });

  it('records a retried job with its kind, and what came of the retry', async () => {
    const failedJob = async () => {
      const [row] = await queryRows<{ id: number }>(
        t.app.ctx.db,
        sql`insert into jobs (kind, payload, dedupe_key, attempts, failed_at, last_error)
            values ('reconcile-capacity', '{"userId":1,"type":"normal"}', 'reconcile-capacity:1:normal', 20, now(), 'boom') returning id`,
      );
      return Number(row!.id);
    };
    const first = await failedJob();
    expect((await call('POST', `/api/admin/jobs/${first}/retry`)).json()).toEqual({ result: 'queued' });
    // The same work failed again, while the retried job is still queued: this one is closed instead.
    const second = await failedJob();
    expect((await call('POST', `/api/admin/jobs/${second}/retry`)).json()).toEqual({ result: 'already queued' });

    const target = { targetType: 'job', targetLabel: 'reconcile-capacity' };
    expect(await records('job_retried')).toEqual([
      expect.objectContaining({
        ...target,
        targetId: String(second),
        before: { status: 'failed', attempts: 20 },
        after: { status: 'already queued', attempts: 20 },
      }),
      expect.objectContaining({
        ...byAdmin(),
        ...target,
        targetId: String(first),
        before: { status: 'failed', attempts: 20 },
        after: { status: 'queued', attempts: 0 },
      }),
    ]);
  });

  it('writes no record for an admin action that fails', async () => {
    const customer = await customerWithPackage(t.app, 'pkgBasic', {}, [{ kind: 'hits', id: '1000Hits' }]);
    const before = (await adminRecords()).length;
    const activation = (await t.app.ctx.db.select({ id: schema.activatedAddons.id }).from(schema.activatedAddons))[0]!.id;

    const failures = [
      await call('POST', '/api/users/addPackage', { pkg: 'pkgBasic', email: 'nobody@example.com' }),
      await call('POST', '/api/users/addPackage', { pkg: 'pkgNoSuch', email: customer.user.email }),
      await call('POST', '/api/activated-additional-hits/email', { additional_id: '1000Hits', email: 'nobody@example.com' }),
      await call('POST', '/api/activated-additional-slots/email', { additional_id: '1000Hits', email: customer.user.email }),
      await call('DELETE', `/api/activated-additional-slots/${activation}`),
      await call('DELETE', '/api/activated-additional-hits/999999'),
      await call('POST', '/api/admin/payments/o-00000000-0000-4000-8000-000000000000/refund', { reason: 'No such payment' }),
      await call('POST', '/api/website/999999/websites/PAUSED'),
      await call('POST', '/api/packages', { name: 'Basic', price: 1, hits_per_day: 1, slots: 1, description: '' }),
      await call('PUT', '/api/packages', { id: 'pkgNoSuch', name: 'X', price: 1, hits_per_day: 1, slots: 1, description: '' }),
      await call('DELETE', '/api/packages/pkgNoSuch'),
      await call('POST', '/api/additional-hits', { name: 'Dup', price: 1, count: 1000 }),
      await call('PUT', '/api/additional-slots', { id: '1000Hits', name: 'X', price: 1, count: 1 }),
      await call('DELETE', '/api/additional-slots/1000Hits'),
      await notify('selected', { title: 'Nobody', body: 'b', userIds: JSON.stringify([999999]) }),
      await notify('selected', { title: 'Nobody', body: 'b' }),
      await call('POST', '/api/admin/jobs/999999/retry'),
    ];
    expect(failures.map((res) => res.statusCode).every((code) => code >= 400)).toBe(true);
    expect(await adminRecords()).toHaveLength(before);
    // Nothing changed either: the add-on is still there.
    expect(await t.app.ctx.db.select().from(schema.activatedAddons)).toHaveLength(1);

    // A customer cannot use the admin actions, and is not recorded trying.
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: customer.headers,
      payload: { pkg: 'pkgPremium', email: 'someone@example.com' },
    });
    expect(forbidden.statusCode).toBeGreaterThanOrEqual(400);
    expect(await adminRecords()).toHaveLength(before);
  });
});
