import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { App } from '../../app.ts';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { payWithSandboxCard } from '../../test-support/payhere-sandbox.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { approvedOrder, capturePaypal, loadUser } from '../payments/paypal/paypal-test-server.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Refunds through each gateway's refund API against the embedded sandboxes over real HTTP: what the
 * payment paid for is taken back (websites above the new capacity are paused), the renewal stops,
 * the customer is e-mailed, and a payment is refunded once, within 30 days only.
 */
const payments = async (app: App, admin: Session, query = '') =>
  (await app.inject({ method: 'GET', url: `/api/admin/payments${query}`, headers: admin.headers })).json();
const refund = (app: App, admin: Session, id: string, reason = 'Asked within the window') =>
  app.inject({ method: 'POST', url: `/api/admin/payments/${id}/refund`, headers: admin.headers, payload: { reason } });
const mails = (app: App, to: string) =>
  queryRows<{ subject: string; text: string; html: string | null }>(
    app.ctx.db,
    sql`select subject, text, html from emails where "to" = ${to} order by id`,
  );

describe('refunds within 30 days, through the gateway', () => {
  let buyer: Session;
  let admin: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'refund-me@example.com' });
    admin = await loginAdmin(t.app);
  });

  it('refunds a card payment at PayHere: the package ends, its websites pause, the renewal stops and the customer is told', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await t.app.jobs.drain();
    expect((await createWebsite(t.app, buyer)).statusCode).toBe(201);
    await t.app.jobs.drain();

    const list = await payments(t.app, admin, '?search=refund-me');
    expect(list.total).toBe(1);
    const [row] = list.rows;
    expect(row).toMatchObject({
      id: `o-${orderId}`,
      kind: 'payment',
      email: 'refund-me@example.com',
      gateway: 'card',
      status: 'paid',
      refundBlocked: null,
    });

    const res = await refund(t.app, admin, row.id, 'Customer asked within the window');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundBlocked: 'This payment was refunded.' });
    await t.app.jobs.drain();

    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/refund-me@example.com', headers: buyer.headers })).json();
    expect(new Date(user.subscription_expiry_date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(user.websites.map((w: { status: string }) => w.status)).toEqual(['PAUSED']);
    expect(decodeURIComponent(user.notifications[0].body)).toMatch(/payment was refunded, so your normal websites were paused/);
    const [order] = await queryRows<{ status: string; revoked_reason: string; gateway_subscription_status: string }>(
      t.app.ctx.db,
      sql`select status, revoked_reason, gateway_subscription_status from orders where id = ${orderId}`,
    );
    expect(order).toMatchObject({ status: 'revoked', revoked_reason: 'refund', gateway_subscription_status: 'cancelled' });
    const [payment] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from sandbox_payhere_payments where order_id = ${orderId}`,
    );
    expect(payment!.status).toBe('REFUNDED');

    const sent = await mails(t.app, 'refund-me@example.com');
    expect(sent.map((m) => m.subject)).toEqual(['Receipt: Basic (14.99 USD)', 'Refund issued: Basic (14.99 USD)']);
    expect(sent[1]!.text).toContain('Reason: Customer asked within the window');
    expect(sent[1]!.html).toContain('<!doctype html>');
    // Receipts carry no unsubscribe line; an account notice says why it is sent anyway.
    expect(sent[0]!.text).not.toMatch(/reminder|notice/i);
    expect(sent[1]!.text).toMatch(/sent whatever your reminder settings/);

    const history = (await t.app.inject({ method: 'GET', url: '/api/billing/history', headers: buyer.headers })).json();
    expect(history.rows.map((r: { kind: string; amount: string; status: string }) => [r.kind, r.amount, r.status])).toEqual([
      ['refund', '-14.99', 'refunded'],
      ['payment', '14.99', 'refunded'],
    ]);
  });

  it('refunds a payment once: a second refund is refused and changes nothing', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const [first, second] = await Promise.all([refund(t.app, admin, `o-${orderId}`), refund(t.app, admin, `o-${orderId}`)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await refund(t.app, admin, `o-${orderId}`)).statusCode).toBe(409);
    const events = await queryRows<{ kind: string }>(t.app.ctx.db, sql`select kind from payment_events where kind like 'refund%'`);
    expect(events).toEqual([{ kind: 'refund' }]);
  });

  it('refuses a refund after 30 days, saying why, and an unknown payment or an empty reason', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    t.clock.advance(31 * DAY);
    const row = (await payments(t.app, admin)).rows[0];
    expect(row.refundBlocked).toMatch(/^Payments can be refunded within 30 days of the charge; this one was charged on /);
    const res = await refund(t.app, admin, `o-${orderId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(row.refundBlocked);
    expect((await refund(t.app, admin, 'o-00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await refund(t.app, admin, `o-${orderId}`, '  ')).statusCode).toBe(400);
  });

  it('refunds a PayPal add-on at PayPal (its capture): the extra hits go, and PayPal’s own refund webhook changes nothing more', async () => {
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: 'refund-me@example.com' },
    });
    expect(grant.statusCode).toBe(200);
    const { id } = await approvedOrder(t.app, buyer, 'hits', '1000Hits');
    expect((await capturePaypal(t.app, buyer, id)).json()).toMatchObject({ status: 'COMPLETED' });
    const hits = async () => (await loadUser(t.app, buyer)).stats.normal.availableHits;
    expect(await hits()).toBe(2000);

    const row = (await payments(t.app, admin, '?gateway=paypal')).rows[0];
    expect((await refund(t.app, admin, row.id)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await hits()).toBe(1000);
    const [capture] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select body->'capture'->>'status' as status from sandbox_paypal_orders where id = ${id}`,
    );
    expect(capture!.status).toBe('REFUNDED');
    expect((await payments(t.app, admin, '?status=refunded')).total).toBe(1);
  });

  it('filters payments by gateway, status and date', async () => {
    await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    expect((await payments(t.app, admin, '?gateway=card')).total).toBe(1);
    expect((await payments(t.app, admin, '?gateway=paypal')).total).toBe(0);
    expect((await payments(t.app, admin, '?status=refunded')).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await payments(t.app, admin, `?from=${today}&to=${today}`)).total).toBe(1);
    expect((await payments(t.app, admin, '?to=2020-01-01')).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/payments?from=yesterday', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
