import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { App } from '../../../app.ts';
import { loginAdmin, registerCustomer, type Session } from '../../../test-support/accounts.ts';
import { daysLeft, loadUser, orderRow, startListeningTestApp, type ListeningTestApp } from './paypal-test-server.ts';
import { PAYPAL_COOL_DOWN_MS } from './paypal-cool-down.ts';
import { useTestAppFrom } from '../../../test-support/use-test-app.ts';

/** The PayPal subscription flow against the embedded sandbox, over real HTTP: subscribe, renew, cancel, receipts. */
const subscribe = (app: App, s: Session, id = 'pkgBasic') =>
  app.inject({ method: 'POST', url: '/api/payments/paypal/subscriptions', headers: s.headers, payload: { id } });
const approve = (app: App, id: string) => app.inject({ method: 'POST', url: `/sandbox/paypal/subscriptions/${id}/approve` });
const confirm = (app: App, s: Session, id: string) =>
  app.inject({ method: 'POST', url: `/api/payments/paypal/subscriptions/${id}/confirm`, headers: s.headers });
const control = (app: App, id: string, action: 'charge' | 'fail') =>
  app.inject({ method: 'POST', url: `/sandbox/paypal/control/subscriptions/${id}/${action}`, remoteAddress: '127.0.0.1' });
const overview = async (app: App, s: Session) => (await app.inject({ method: 'GET', url: '/api/billing', headers: s.headers })).json();
const history = async (app: App, s: Session) =>
  (await app.inject({ method: 'GET', url: '/api/billing/history', headers: s.headers })).json();

async function subscribed(t: ListeningTestApp, s: Session, pkg = 'pkgBasic'): Promise<{ id: string; orderUUID: string }> {
  const created = await subscribe(t.app, s, pkg);
  expect(created.statusCode).toBe(201);
  const sub = created.json() as { id: string; orderUUID: string };
  expect((await approve(t.app, sub.id)).statusCode).toBe(200);
  expect((await confirm(t.app, s, sub.id)).json()).toMatchObject({ status: 'COMPLETED', orderUUID: sub.orderUUID });
  await t.app.jobs.drain();
  return sub;
}

describe('PayPal subscriptions: a package billed monthly by PayPal', () => {
  let customer: Session;
  const t = useTestAppFrom(startListeningTestApp);
  beforeEach(async () => {
    customer = await registerCustomer(t.app, { email: 'subscriber@example.com' });
  });

  it('subscribes at the catalogue price on one plan per package and price, and grants on PayPal’s first charge', async () => {
    const created = await subscribe(t.app, customer);
    expect(created.statusCode).toBe(201);
    const { id, orderUUID } = created.json();
    expect(id).toMatch(/^I-[A-Z0-9]+$/);
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null, provider_order_id: id });
    // Not approved yet: confirming grants nothing.
    expect((await confirm(t.app, customer, id)).json()).toMatchObject({ status: 'PENDING' });

    const other = await registerCustomer(t.app, { email: 'second@example.com' });
    expect((await subscribe(t.app, other)).statusCode).toBe(201);
    const plans = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from paypal_plans`);
    expect(plans[0]!.n).toBe(1);

    expect((await approve(t.app, id)).statusCode).toBe(200);
    // Someone else cannot confirm (or learn about) this subscription.
    expect((await confirm(t.app, other, id)).statusCode).toBe(404);
    // Asking PayPal again about the same order waits out its cool-down.
    expect((await confirm(t.app, customer, id)).statusCode).toBe(429);
    t.clock.advance(PAYPAL_COOL_DOWN_MS);
    expect((await confirm(t.app, customer, id)).json()).toMatchObject({ status: 'COMPLETED' });
    await t.app.jobs.drain();
    const user = await loadUser(t.app, customer);
    expect(user.package).toMatchObject({ id: 'pkgBasic' });
    expect(daysLeft(user)).toBeGreaterThan(27);
    expect(daysLeft(user)).toBeLessThan(32);
    expect((await overview(t.app, customer)).types[0]).toMatchObject({
      type: 'normal',
      state: 'renewing',
      gateway: 'paypal',
      nextCharge: { amount: '14.99', currency: 'USD' },
      canCancel: true,
    });
    expect((await history(t.app, customer)).rows).toEqual([
      expect.objectContaining({ kind: 'payment', item: 'Basic', amount: '14.99', gateway: 'paypal', status: 'paid', hasReceipt: true }),
    ]);
  });

  it('renews once per PayPal charge, however often the webhook is delivered', async () => {
    const { id } = await subscribed(t, customer);
    const charge = await control(t.app, id, 'charge');
    expect(charge.statusCode).toBe(200);
    expect(charge.json().delivery_status).toBe(200);
    await t.app.jobs.drain();
    const renewed = await loadUser(t.app, customer);
    expect(daysLeft(renewed)).toBeGreaterThan(57);

    // The next read (a scan, a replayed webhook) finds the same charges: nothing more.
    await t.app.jobs.drain();
    const { syncPaypalSubscription } = await import('./paypal-subscriptions.ts');
    const { PaypalClient } = await import('./paypal-client.ts');
    const orderId = (await history(t.app, customer)).rows.find((r: { kind: string }) => r.kind === 'payment').id.slice(2);
    expect(await syncPaypalSubscription(t.app.ctx, new PaypalClient(t.app.ctx.config.paypal), orderId)).toEqual([]);
    expect(daysLeft(await loadUser(t.app, customer))).toBeCloseTo(daysLeft(renewed), 1);
    const rows = (await history(t.app, customer)).rows;
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['renewal', 'payment']);

    // A second charge right away is not a third month: it waits until the period nears its end.
    await control(t.app, id, 'charge');
    await t.app.jobs.drain();
    expect(daysLeft(await loadUser(t.app, customer))).toBeCloseTo(daysLeft(renewed), 1);
  });

  it('cancels the renewal at PayPal: the package stays until its date and PayPal charges no more', async () => {
    const { id } = await subscribed(t, customer);
    const before = daysLeft(await loadUser(t.app, customer));
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/normal/cancel', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().types[0]).toMatchObject({ state: 'cancelled', canCancel: false });
    await t.app.jobs.drain();
    const atPaypal = await t.app.inject({
      method: 'POST',
      url: `/sandbox/paypal/control/subscriptions/${id}/charge`,
      remoteAddress: '127.0.0.1',
    });
    expect(atPaypal.statusCode).toBe(422);
    expect(daysLeft(await loadUser(t.app, customer))).toBeCloseTo(before, 1);
    // Cancelling again changes nothing; a type without a package is a 404.
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/normal/cancel', headers: customer.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/seo/cancel', headers: customer.headers })).statusCode).toBe(404);
  });

  it('a failed renewal makes the package past due for a 3-day grace, e-mails the customer, and a later charge counts from the paid end', async () => {
    const { id, orderUUID } = await subscribed(t, customer);
    const paidEnd = new Date((await overview(t.app, customer)).types[0].expiresAt);
    await control(t.app, id, 'fail');
    await t.app.jobs.drain();
    const pastDue = (await overview(t.app, customer)).types[0];
    expect(pastDue).toMatchObject({ state: 'past-due', canCancel: true });
    expect(new Date(pastDue.expiresAt).getTime()).toBe(paidEnd.getTime() + 3 * 24 * 60 * 60 * 1000);
    const mails = await queryRows<{ subject: string; text: string }>(t.app.ctx.db, sql`select subject, text from emails order by id`);
    expect(mails.map((m) => m.subject)).toEqual(['Receipt: Basic (14.99 USD)', 'Payment failed: your Basic renewal']);
    expect(mails[1]!.text).toContain('Your websites keep running until');
    // Failing again in the same period neither moves the grace nor e-mails again.
    await control(t.app, id, 'fail');
    await t.app.jobs.drain();
    expect((await overview(t.app, customer)).types[0].expiresAt).toBe(pastDue.expiresAt);

    await control(t.app, id, 'charge');
    await t.app.jobs.drain();
    const renewed = (await overview(t.app, customer)).types[0];
    expect(renewed.state).toBe('renewing');
    const expected = new Date(paidEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(renewed.expiresAt).toBe(expected.toISOString());
    const [row] = await queryRows<{ paid_until: Date | null }>(
      t.app.ctx.db,
      sql`select paid_until from subscriptions s join orders o on o.user_id = s.user_id where o.id = ${orderUUID}`,
    );
    expect(row!.paid_until).toBeNull();
  });

  it('an admin refunds a PayPal renewal: PayPal refunds the sale, the month goes back, the renewal stops', async () => {
    const { id } = await subscribed(t, customer);
    await control(t.app, id, 'charge');
    await t.app.jobs.drain();
    const renewedDays = daysLeft(await loadUser(t.app, customer));
    const admin = await loginAdmin(t.app);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/payments?gateway=paypal', headers: admin.headers })).json();
    const renewal = list.rows.find((r: { kind: string }) => r.kind === 'renewal');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${renewal.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Charged by mistake' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'renewal', status: 'refunded' });
    // PayPal's own PAYMENT.SALE.REFUNDED arrives too; reading the subscription again changes nothing more.
    await t.app.jobs.drain();
    expect(daysLeft(await loadUser(t.app, customer))).toBeCloseTo(renewedDays - 31, 0);
    expect((await overview(t.app, customer)).types[0]).toMatchObject({ state: 'cancelled' });
    const [sale] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select t->>'status' as status from sandbox_paypal_subscriptions s, jsonb_array_elements(s.body->'transactions') t
          where s.id = ${id} order by t->>'time' desc limit 1`,
    );
    expect(sale!.status).toBe('REFUNDED');
    const kinds = (await history(t.app, customer)).rows.map((r: { kind: string; status: string }) => `${r.kind}:${r.status}`);
    expect(kinds).toEqual(['refund:refunded', 'renewal:refunded', 'payment:paid']);
  });

  it('a renewal refunded at PayPal itself (its portal) takes its month back once, as an admin’s refund does', async () => {
    const { id } = await subscribed(t, customer);
    const sale = (await control(t.app, id, 'charge')).json().charged as string;
    await t.app.jobs.drain();
    const renewedDays = daysLeft(await loadUser(t.app, customer));
    const { PaypalClient } = await import('./paypal-client.ts');
    await new PaypalClient(t.app.ctx.config.paypal).refundSale(sale, `portal-${sale}`);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(daysLeft(await loadUser(t.app, customer))).toBeCloseTo(renewedDays - 31, 0);
    expect((await overview(t.app, customer)).types[0]).toMatchObject({ state: 'cancelled' });
    const kinds = (await history(t.app, customer)).rows.map((r: { kind: string; status: string }) => `${r.kind}:${r.status}`);
    expect(kinds).toEqual(['refund:refunded', 'renewal:refunded', 'payment:paid']);
  });

  it('serves the customer’s own receipts as PDF, and nobody else’s', async () => {
    const { orderUUID } = await subscribed(t, customer);
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/receipts/o-${orderUUID}`, headers: customer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await registerCustomer(t.app, { email: 'stranger@example.com' });
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/receipts/o-${orderUUID}`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/receipts/nope', headers: customer.headers })).statusCode).toBe(400);
  });
});
