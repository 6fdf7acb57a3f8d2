import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../../../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../../../test-support/payments.ts';
import { MSG } from '@traffic/shared/messages';
import { checkoutHash } from './payhere-signature.ts';
import { useTestApp } from '../../../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('card checkout and the PayHere callback', () => {
  let customer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app, { email: 'buyer@example.com', fullName: 'Ada/Lovelace' });
  });

  const load = async (s: Session = customer) =>
    (await t.app.inject({ method: 'POST', url: `/api/users/load/${s.user.email}`, headers: s.headers })).json();
  const orderRow = async (id: string) =>
    (
      await queryRows<{ status: string; granted_at: string | null; amount: string }>(
        t.app.ctx.db,
        sql`select status, granted_at, amount from orders where id = ${id}`,
      )
    )[0]!;

  it('answers the signed card form, priced from the catalogue', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    const { payhere } = t.app.ctx.config;
    expect(form).toMatchObject({
      action: 'http://localhost:3000/sandbox/payhere/pay/checkout',
      merchant_id: payhere.merchantId,
      return_url: 'http://localhost:3000/purchase',
      cancel_url: 'http://localhost:3000/cancel',
      notify_url: 'http://localhost:3000/api/payments/payhere/notify',
      items: 'Basic',
      currency: 'USD',
      amount: '14.99',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'buyer@example.com',
      phone: '94771234567',
      address: '1 Main Street',
      city: 'Colombo',
      country: 'Sri Lanka',
      recurrence: '1 Month',
      duration: 'Forever',
      custom_1: 'package',
      custom_2: 'pkgBasic',
    });
    expect(form.orderUUID).toBe(form.order_id);
    expect(form.hash).toBe(
      checkoutHash({
        merchantId: payhere.merchantId,
        merchantSecret: payhere.merchantSecret,
        orderId: form.order_id!,
        amount: '14.99',
        currency: 'USD',
      }),
    );
    expect(JSON.stringify(form)).not.toContain(payhere.merchantSecret);
    expect(await orderRow(form.order_id!)).toMatchObject({ status: 'pending', granted_at: null, amount: '14.99' });

    const addon = await startCheckout(t.app, customer, 'hits', '1000Hits');
    expect(addon).toMatchObject({ amount: '4.99', return_url: 'http://localhost:3000/purchaseaddon' });
    expect(addon).not.toHaveProperty('recurrence');
  });

  it('refuses a checkout to visitors, for unknown items, and for bad bodies', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/orders', payload: { kind: 'package', id: 'pkgBasic' } })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { kind: 'package', id: 'pkgGold' },
    });
    expect(unknown.statusCode).toBe(404);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { kind: 'slots', id: '1000Hits' },
    });
    expect(wrongKind.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: customer.headers,
      payload: { kind: 'gift', id: 'x', amount: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('grants a package on a verified callback: one calendar month, account ACTIVE', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    const res = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'granted' });

    const user = await load();
    expect(user.status).toBe('ACTIVE');
    expect(user.package).toMatchObject({ id: 'pkgBasic', name: 'Basic', hits_per_day: 1000, slots: 6 });
    const days = (new Date(user.subscription_expiry_date).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(user.stats.normal).toMatchObject({ totalHits: 1000, availableHits: 1000, totalSlots: 6, availableSlots: 6 });
    expect(user.seo_package).toBeNull();
  });

  it.each([
    ['a forged signature', { md5sig: 'ABCDEF0123456789ABCDEF0123456789' }],
    ['a signature made with another secret', { secret: 'attacker-secret' }],
    ['another merchant', { merchant_id: '999999' }],
    ['a lower amount', { payhere_amount: '0.01' }],
    ['another currency', { payhere_currency: 'LKR' }],
  ])('grants nothing for %s', async (_name, forgery) => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgPremiumPlus');
    const res = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '349.99', ...forgery });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Notification rejected.' });
    expect(await orderRow(form.order_id!)).toMatchObject({ status: 'pending', granted_at: null });
    expect((await load()).package).toBeNull();
  });

  it('grants nothing for an unknown order id', async () => {
    const res = await sendNotify(t.app, { order_id: '00000000-0000-4000-8000-000000000000', payhere_amount: '14.99' });
    expect(res.statusCode).toBe(400);
    const junk = await sendNotify(t.app, { order_id: "1' or '1'='1", payhere_amount: '14.99' });
    expect(junk.statusCode).toBe(400);
  });

  it('grants once however often the callback is replayed, also concurrently', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.map((r) => r.json().result).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'granted']);
    // Same order reported again under a second payment id: a claimed monthly charge, which grants
    // nothing until PayHere's own record shows it (payhere-recurring.test.ts).
    const again = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99', payment_id: '999' });
    expect(again.json().result).toBe('charge queued for confirmation');

    const user = await load();
    const days = (new Date(user.subscription_expiry_date).getTime() - Date.now()) / DAY;
    expect(days).toBeLessThan(32);
    const subs = await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from subscriptions`);
    expect(subs[0]!.n).toBe(1);
  });

  it('waits on a pending status and grants on the later success', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    expect((await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99', status_code: '0' })).json().result).toBe(
      'pending',
    );
    expect((await load()).package).toBeNull();
    expect((await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99', status_code: '2' })).json().result).toBe(
      'granted',
    );
    expect((await load()).package.id).toBe('pkgBasic');
  });

  it('marks a failed or cancelled payment and grants nothing', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99', status_code: '-2' });
    expect(await orderRow(form.order_id!)).toMatchObject({ status: 'failed', granted_at: null });
    expect((await load()).package).toBeNull();
  });

  it("refuses a signed payment whose payment_id is another order's (400, nothing granted)", async () => {
    const first = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    expect((await sendNotify(t.app, { order_id: first.order_id!, payhere_amount: '14.99', payment_id: '777' })).json().result).toBe(
      'granted',
    );
    const second = await startCheckout(t.app, customer, 'hits', '1000Hits');
    const reused = await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '4.99', payment_id: '777' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await orderRow(second.order_id!)).toMatchObject({ status: 'pending', granted_at: null });
    expect((await load()).activatedadditionalhits).toEqual([]);
    // Its own payment, reported again with the right id, still goes through.
    expect((await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '4.99', payment_id: '778' })).json().result).toBe(
      'granted',
    );
  });

  it('revokes on a charge-back, and a charge-back that arrives first blocks the grant', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99' });
    expect((await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '14.99', status_code: '-3' })).json().result).toBe(
      'revoked',
    );
    const user = await load();
    expect(new Date(user.subscription_expiry_date).getTime()).toBeLessThanOrEqual(Date.now());
    expect(user.stats.normal.totalHits).toBe(0);

    const second = await startCheckout(t.app, customer, 'hits', '1000Hits');
    await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '4.99', status_code: '-3' });
    const late = await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '4.99', status_code: '2' });
    expect(late.json().result).toBe('ignored: order revoked');
    expect((await load()).activatedadditionalhits).toEqual([]);
  });

  it('a charge-back of an extension restores the earlier end date', async () => {
    const first = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: first.order_id!, payhere_amount: '14.99' });
    const end1 = (await load()).subscription_expiry_date;
    const second = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '14.99', payment_id: '2' });
    expect((await load()).subscription_expiry_date).not.toBe(end1);
    await sendNotify(t.app, { order_id: second.order_id!, payhere_amount: '14.99', payment_id: '2', status_code: '-3' });
    expect((await load()).subscription_expiry_date).toBe(end1);
  });

  it('replaces another package with the one just bought', async () => {
    const first = await startCheckout(t.app, customer, 'package', 'pkgBasic');
    await sendNotify(t.app, { order_id: first.order_id!, payhere_amount: '14.99' });
    expect((await load()).package.id).toBe('pkgBasic');

    const upgrade = await startCheckout(t.app, customer, 'package', 'pkgStandard');
    await sendNotify(t.app, { order_id: upgrade.order_id!, payhere_amount: '44.99', payment_id: 'up-1' });
    const user = await load();
    expect(user.package.id).toBe('pkgStandard');
    expect((new Date(user.subscription_expiry_date).getTime() - Date.now()) / DAY).toBeLessThan(32);
  });

  it('keeps types apart: an seo package is the seo subscription', async () => {
    const form = await startCheckout(t.app, customer, 'package', 'pkgSEOStarter');
    await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '19.99' });
    const user = await load();
    expect(user.package).toBeNull();
    expect(user.seo_package.id).toBe('pkgSEOStarter');
    expect(user.stats.seo).toMatchObject({ totalHits: 500, totalSlots: 3 });
  });

  it("refuses a deactivated account's orders with 409 and says to contact support, on every way to pay", async () => {
    await t.app.ctx.db.execute(sql`update users set status = 'DEACTIVATED' where id = ${customer.user.id}`);
    const attempts = [
      { url: '/api/orders', payload: { kind: 'package', id: 'pkgBasic' } },
      { url: '/api/orders', payload: { kind: 'hits', id: '1000Hits' } },
      { url: '/api/payments/paypal/orders', payload: { kind: 'hits', id: '1000Hits' } },
      { url: '/api/payments/paypal/subscriptions', payload: { id: 'pkgBasic' } },
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject({ method: 'POST', headers: customer.headers, ...attempt });
      expect(res.statusCode, attempt.url).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: MSG.purchasesClosedDeactivated });
    }
    const rows = await queryRows<{ count: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as count from orders where user_id = ${customer.user.id}`,
    );
    expect(rows[0]?.count).toBe(0);
  });
});
