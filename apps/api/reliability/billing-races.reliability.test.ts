import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { App } from '../src/app.ts';
import { createListeningTestApp } from '../src/test-support/listening-app.ts';
import type { TestApp } from '../src/test-support/test-app.ts';
import { loginAdmin, registerCustomer, type Session } from '../src/test-support/accounts.ts';
import { payWithSandboxCard } from '../src/test-support/payhere-sandbox.ts';
import { createWebsite } from '../src/test-support/websites.ts';

/**
 * Billing under concurrency on PostgreSQL, against the embedded gateways over real HTTP: a renewal
 * racing the customer's cancel, a refund racing website creations, and every PayPal callback
 * delivered again and again at once. Nothing is granted twice; nothing is lost.
 */
describe('billing races (PostgreSQL)', () => {
  let t: TestApp & { baseUrl: string };
  let buyer: Session;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    buyer = await registerCustomer(t.app, { email: 'racer@example.com' });
  });
  afterAll(() => t?.close());

  const drain = async () => {
    // Jobs queue jobs (a webhook queues a read, a read queues a reconciliation): until none is left.
    for (let i = 0; i < 5; i += 1) await t.app.jobs.drain();
  };
  const expiry = async () => {
    const [row] = await queryRows<{ expires_at: Date | string }>(
      t.app.ctx.db,
      sql`select expires_at from subscriptions where user_id = ${buyer.user.id}`,
    );
    return new Date(row!.expires_at);
  };
  const kinds = async (orderId: string) =>
    (
      await queryRows<{ kind: string }>(
        t.app.ctx.db,
        sql`select kind from payment_events where order_id = ${orderId} and kind in ('payment', 'renewal', 'refund') order by id`,
      )
    ).map((r) => r.kind);

  async function subscribeByPaypal(app: App): Promise<{ id: string; orderUUID: string }> {
    const created = (
      await app.inject({ method: 'POST', url: '/api/payments/paypal/subscriptions', headers: buyer.headers, payload: { id: 'pkgBasic' } })
    ).json();
    expect((await app.inject({ method: 'POST', url: `/sandbox/paypal/subscriptions/${created.id}/approve` })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/payments/paypal/subscriptions/${created.id}/confirm`, headers: buyer.headers })).json()
        .status,
    ).toBe('COMPLETED');
    await drain();
    return created;
  }
  const charge = (id: string) =>
    t.app.inject({ method: 'POST', url: `/sandbox/paypal/control/subscriptions/${id}/charge`, remoteAddress: '127.0.0.1' });
  const cancel = () => t.app.inject({ method: 'POST', url: '/api/billing/normal/cancel', headers: buyer.headers });

  it('a PayPal renewal and the customer’s cancel at once: one month more, the renewal stopped at PayPal, no charge after it', async () => {
    const { id, orderUUID } = await subscribeByPaypal(t.app);
    const before = await expiry();
    const [charged, cancelled] = await Promise.all([charge(id), cancel()]);
    expect(charged.statusCode).toBe(200);
    expect(cancelled.statusCode).toBe(200);
    await drain();

    const after = await expiry();
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(after.toISOString()).toBe(expected.toISOString());
    expect(await kinds(orderUUID)).toEqual(['payment', 'renewal']);
    const [order] = await queryRows<{ gateway_subscription_status: string }>(
      t.app.ctx.db,
      sql`select gateway_subscription_status from orders where id = ${orderUUID}`,
    );
    expect(order!.gateway_subscription_status).toBe('cancelled');
    expect((await charge(id)).statusCode).toBe(422);
    expect((await expiry()).toISOString()).toBe(after.toISOString());
  });

  it('every PayPal callback delivered again, ten at a time: the renewal is applied once', async () => {
    const { id, orderUUID } = await subscribeByPaypal(t.app);
    const charged = (await charge(id)).json() as { webhook: { headers: Record<string, string>; body: string } };
    const replay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        headers: { ...charged.webhook.headers, 'content-type': 'application/json' },
        payload: charged.webhook.body,
      });
    const replies = await Promise.all(Array.from({ length: 10 }, replay));
    for (const r of replies) expect(r.statusCode).toBe(200);
    await drain();
    await Promise.all(Array.from({ length: 10 }, replay));
    await drain();
    expect(await kinds(orderUUID)).toEqual(['payment', 'renewal']);
    const receipts = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from emails where subject like 'Receipt:%'`,
    );
    expect(receipts[0]!.n).toBe(2);
  });

  it('a refund racing ten website creations: every website ends paused, the refund is made once', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    await drain();
    const admin = await loginAdmin(t.app);
    const refund = t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/o-${orderId}/refund`,
      headers: admin.headers,
      payload: { reason: 'race' },
    });
    const creates = Array.from({ length: 10 }, (_, i) =>
      createWebsite(t.app, buyer, { url: `https://refund-race-${i}.example.com/`, daily_hit_limit: 100 }),
    );
    const [refunded, ...created] = await Promise.all([refund, ...creates]);
    expect(refunded.statusCode).toBe(200);
    for (const r of created) expect([201, 409, 403]).toContain(r.statusCode);
    await drain();

    const sites = await queryRows<{ status: string }>(t.app.ctx.db, sql`select status from websites where user_id = ${buyer.user.id}`);
    expect(sites.every((s) => s.status === 'PAUSED')).toBe(true);
    expect(await kinds(orderId)).toEqual(['payment', 'refund']);
    expect((await expiry()).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
