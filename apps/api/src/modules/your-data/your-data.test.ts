import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, schema } from '@traffic/db';
import type { AuthUser } from '../../core/auth-user.ts';
import { TEST_ADMIN } from '../../test-support/test-app.ts';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../../test-support/payments.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { codeAt, enrolTwoFactor } from '../../test-support/two-factor.ts';
import { EXPORT_PARTS, estimateExportRows } from './data-export.repository.ts';
import { DATA_EXPORT_JOB, requestDataExport } from './data-export.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const { users, emails, auditEvents } = schema;

describe('your data: the copy and closing the account', () => {
  let customer: Session;
  const password = 'customer-password-1';
  const t = useTestApp();
  beforeEach(async () => {
    customer = await customerWithPackage(t.app, 'pkgBasic', { email: 'Leaver@Example.com', username: 'leaver' });
  });

  const post = (url: string, s: Session | undefined, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: s ? s.headers : {}, ...(payload === undefined ? {} : { payload }) });
  const get = (url: string, s: Session) => t.app.inject({ method: 'GET', url, headers: s.headers });
  const actions = async (userId: number) =>
    (await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, userId))).map((e) => e.action);
  async function cardPackage(s: Session) {
    const form = await startCheckout(t.app, s, 'package', 'pkgStandard');
    expect((await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '44.99', payment_id: 'leaver-1' })).statusCode).toBe(200);
    return form.order_id!;
  }

  it('builds a copy with every part and a README, downloadable by its owner only, audited and limited per day', async () => {
    await cardPackage(customer);
    const site = await createWebsite(t.app, customer, { url: 'https://leaver.example.com/' });
    expect(site.statusCode).toBe(201);
    // Its delivery: a closed day, and today's hits so far on its counter (migration 0035).
    const siteId = (site.json() as { id: number }).id;
    await t.app.ctx.db.execute(sql`insert into website_hits_daily (website_id, day, hits) values (${siteId}, '2026-01-02', 40)`);
    await t.app.ctx.db.execute(
      sql`insert into delivery_counters (website_id, campaign_id, total, read_at, day, day_hits) values (${siteId}, '1', 9, now(), '2026-01-03', 9)`,
    );
    const asked = await post('/api/account/data-export', customer);
    expect(asked.statusCode).toBe(200);
    const copy = asked.json() as { id: string; status: string; expiresAt: string; size: number };
    expect(copy.status).toBe('ready');
    expect(Date.parse(copy.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await get('/api/account/data-export', customer)).json().export.id).toBe(copy.id);

    const file = await get(`/api/account/data-export/${copy.id}/file`, customer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const data = JSON.parse(file.body) as Record<string, unknown> & { README: Record<string, string> };
    for (const part of EXPORT_PARTS) {
      expect(data).toHaveProperty(part);
      expect(data.README[part]).toBeTruthy();
    }
    const account = data.account as Record<string, unknown>;
    expect(account).toMatchObject({ email: 'Leaver@Example.com', username: 'leaver' });
    expect(account).not.toHaveProperty('password_hash');
    expect(account).not.toHaveProperty('totp_secret');
    expect((data.orders as { item_id: string }[]).map((o) => o.item_id)).toEqual(expect.arrayContaining(['pkgBasic', 'pkgStandard']));
    expect((data.payments as { external_id: string }[]).length).toBeGreaterThan(0);
    expect((data.websites as { url: string }[]).map((w) => w.url)).toEqual(['https://leaver.example.com/']);
    expect(data.deliveryHistory).toEqual([
      { website_id: siteId, period: 'day', from: '2026-01-02', hits: 40 },
      { website_id: siteId, period: 'day', from: '2026-01-03', hits: 9 },
    ]);
    expect((data.subscriptions as { package_id: string }[])[0]!.package_id).toBe('pkgStandard');
    expect((data.sessions as { ip: string }[]).length).toBeGreaterThan(0);
    expect((data.sessions as Record<string, unknown>[])[0]).not.toHaveProperty('id');
    expect((data.securityEvents as { action: string }[]).map((e) => e.action)).toContain('registered');

    // Nobody else: another customer and an administrator are told it does not exist.
    const other = await registerCustomer(t.app);
    expect((await get(`/api/account/data-export/${copy.id}/file`, other)).statusCode).toBe(404);
    expect((await get(`/api/account/data-export/${copy.id}/file`, await loginAdmin(t.app))).statusCode).toBe(404);
    expect(await actions(customer.user.id)).toEqual(expect.arrayContaining(['data_export_requested', 'data_export_downloaded']));

    // Three a day; the download ends with its time.
    expect((await post('/api/account/data-export', customer)).statusCode).toBe(200);
    expect((await post('/api/account/data-export', customer)).statusCode).toBe(200);
    const fourth = await post('/api/account/data-export', customer);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/3 times a day/);
    t.clock.advance(25 * 3_600_000);
    expect((await get(`/api/account/data-export/${copy.id}/file`, customer)).statusCode).toBe(404);
  });

  it('counts, before building it, the rows the copy holds: a day both closed and on the counter once', async () => {
    await cardPackage(customer);
    const siteId = ((await createWebsite(t.app, customer, { url: 'https://counted.example.com/' })).json() as { id: number }).id;
    // A day written before migration 0035 both as a closed day and on the counter: one row of the copy.
    await t.app.ctx.db.execute(
      sql`insert into website_hits_daily (website_id, day, hits) values (${siteId}, '2026-01-02', 40), (${siteId}, '2026-01-03', 5)`,
    );
    await t.app.ctx.db.execute(
      sql`insert into delivery_counters (website_id, campaign_id, total, read_at, day, day_hits) values (${siteId}, '1', 9, now(), '2026-01-03', 4)`,
    );
    await t.app.ctx.db.execute(sql`insert into website_hits_monthly (website_id, month, hits) values (${siteId}, '2025-06-01', 700)`);
    const estimate = await estimateExportRows(t.app.ctx.db, customer.user.id);

    const copy = (await post('/api/account/data-export', customer)).json() as { id: string };
    const data = JSON.parse((await get(`/api/account/data-export/${copy.id}/file`, customer)).body) as Record<string, unknown>;
    expect(data.deliveryHistory).toHaveLength(3);
    const rows = EXPORT_PARTS.filter((part) => part !== 'account').reduce((n, part) => n + (data[part] as unknown[]).length, 0);
    // Asking for the copy adds its own audit record after the count.
    expect(estimate).toBe(rows - 1);
  });

  it('builds a large copy in a job, with its progress, and e-mails the owner when it is ready', async () => {
    const caller = { id: customer.user.id, email: customer.user.email } as AuthUser;
    const source = { actor: caller, ip: '127.0.0.1', userAgent: '', device: 'Unknown browser' };
    const building = await requestDataExport(t.app.ctx, caller, source, 0);
    expect(building).toMatchObject({ status: 'building', progress: 0 });
    const [job] = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from jobs where kind = ${DATA_EXPORT_JOB}`);
    expect(job!.n).toBe(1);
    await t.app.jobs.drain();
    const ready = (await get('/api/account/data-export', customer)).json().export;
    expect(ready).toMatchObject({ id: building.id, status: 'ready', progress: EXPORT_PARTS.length, total: EXPORT_PARTS.length });
    const mail = await t.app.ctx.db.select().from(emails).where(eq(emails.subject, 'Your copy of your data is ready'));
    expect(mail.map((m) => m.to)).toEqual(['Leaver@Example.com']);
  });

  it('closes the account: sessions end, renewals and campaigns go by jobs, personal data is replaced by a pseudonym, the e-mail is free', async () => {
    const orderId = await cardPackage(customer);
    const site = (await createWebsite(t.app, customer, { url: 'https://leaver.example.com/' })).json() as { id: number };
    // Its campaign is made at 9Hits, so closing the account must queue its removal.
    await t.app.jobs.drain();
    const wrong = await post('/api/account/close', customer, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect((await get('/api/account/security', customer)).statusCode).toBe(200);

    const closed = await post('/api/account/close', customer, { password });
    expect(closed.statusCode).toBe(200);
    expect((await get('/api/account/security', customer)).statusCode).toBe(401);
    const signIn = await post('/api/users/login', undefined, { username: 'Leaver@Example.com', password });
    expect(signIn.statusCode).not.toBe(200);

    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({
      email: `closed-account-${customer.user.id}@closed`,
      username: `closed-account-${customer.user.id}`,
      firstName: '',
      lastName: '',
      address: '',
      phoneNumber: '',
      status: 'CLOSED',
    });
    expect(row!.closedAt).not.toBeNull();
    const left = await queryRows<{ sessions: number; websites: number; orders: number; cancelling: number }>(
      t.app.ctx.db,
      sql`select (select count(*)::int from sessions where user_id = ${customer.user.id}) as sessions,
                 (select count(*)::int from websites where user_id = ${customer.user.id}) as websites,
                 (select count(*)::int from orders where user_id = ${customer.user.id}) as orders,
                 (select count(*)::int from orders where id = ${orderId} and gateway_subscription_status = 'cancelling') as cancelling`,
    );
    expect(left[0]).toEqual({ sessions: 0, websites: 0, orders: 2, cancelling: 1 });
    const jobs = await queryRows<{ kind: string; payload: { websiteId?: number; orderId?: string } }>(
      t.app.ctx.db,
      sql`select kind, payload from jobs where kind in ('payhere-cancel', 'ninehits-delete')`,
    );
    expect(jobs).toEqual(
      expect.arrayContaining([
        { kind: 'payhere-cancel', payload: { orderId } },
        expect.objectContaining({ kind: 'ninehits-delete', payload: expect.objectContaining({ websiteId: site.id }) }),
      ]),
    );
    const mail = await t.app.ctx.db.select().from(emails).where(eq(emails.subject, 'Your account has been closed'));
    expect(mail.map((m) => m.to)).toEqual(['Leaver@Example.com']);
    expect(mail[0]!.text).toMatch(/stop renewing now/);
    expect(await actions(customer.user.id)).toContain('account_closed');

    // The admin's log shows the pseudonym wherever the account appears, and no address of theirs.
    const admin = await loginAdmin(t.app);
    const log = (await get(`/api/admin/audit?userId=${customer.user.id}&size=100`, admin)).json() as {
      rows: { actorId: number | null; actorEmail: string | null; targetLabel: string | null; ip: string | null }[];
    };
    expect(JSON.stringify(log)).not.toMatch(/leaver@example\.com/i);
    const own = log.rows.filter((r) => r.actorId === customer.user.id);
    expect(own.length).toBeGreaterThan(0);
    for (const r of own) expect(r).toMatchObject({ actorEmail: `closed-account-${customer.user.id}@closed`, ip: null });

    // The e-mail and username are free again.
    const again = await registerCustomer(t.app, { email: 'leaver@example.com', username: 'leaver' });
    expect(again.user.id).not.toBe(customer.user.id);
  });

  it('asks for the second factor when it is on', async () => {
    const { secret } = await enrolTwoFactor(t.app, customer, password, t.clock.now);
    expect((await post('/api/account/close', customer, { password })).statusCode).toBe(400);
    t.clock.advance(30_000);
    expect((await post('/api/account/close', customer, { password, code: await codeAt(secret, t.clock.now()) })).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row).toMatchObject({ status: 'CLOSED', totpSecret: null });
  });

  it('lets an administrator close a customer’s account with their own password, audited as an administrator’s, never an administrator’s account', async () => {
    const admin = await loginAdmin(t.app);
    const close = (id: number, pw: string = TEST_ADMIN.password) => post(`/api/admin/customers/${id}/close`, admin, { password: pw });
    expect((await close(customer.user.id, 'wrong-password')).statusCode).toBe(400);
    expect((await close(admin.user.id)).statusCode).toBe(403);
    expect((await close(customer.user.id)).statusCode).toBe(200);
    expect((await close(customer.user.id)).statusCode).toBe(404);
    expect(await actions(customer.user.id)).toContain('user_account_closed');
    const overview = (await get(`/api/admin/customers/${customer.user.id}`, admin)).json();
    expect(JSON.stringify(overview)).not.toMatch(/leaver@example\.com/i);
    expect(overview.user ?? overview).toBeTruthy();
    // A customer closing the account is refused for an administrator's own.
    expect((await post('/api/account/close', admin, { password: TEST_ADMIN.password })).statusCode).toBe(403);
  });
});
