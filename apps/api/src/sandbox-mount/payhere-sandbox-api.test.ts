import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { createListeningTestApp } from '../test-support/listening-app.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { payWithSandboxCard, sandboxSubscriptionOf } from '../test-support/payhere-sandbox.ts';
import { PayhereApi, PayhereApiError } from '../modules/payments/payhere/payhere-api.ts';

/** The embedded PayHere's merchant API: strict like PayHere, answering from its own ledger. */
describe('the embedded PayHere merchant API', () => {
  let t: TestApp & { baseUrl: string };
  let buyer: Session;
  let api: PayhereApi;
  beforeAll(async () => {
    t = await createListeningTestApp();
    api = new PayhereApi(t.app.ctx.config.payhere);
  });
  beforeEach(async () => {
    await t.reset();
    buyer = await registerCustomer(t.app, { email: 'ledger@example.com' });
  });
  afterAll(() => t.close());

  const base = () => t.app.ctx.config.payhere.baseUrl;

  it('refuses calls without a valid Bearer token, and tokens for wrong app credentials', async () => {
    const bare = await fetch(`${base()}/merchant/v1/payment/search?order_id=x`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: 'invalid_token' });
    const forged = await fetch(`${base()}/merchant/v1/subscription`, {
      headers: { authorization: `Bearer ${Math.floor(Date.now() / 1000) + 500}.forged` },
    });
    expect(forged.status).toBe(401);
    const stranger = new PayhereApi({ ...t.app.ctx.config.payhere, appSecret: 'guessed' });
    await expect(stranger.subscriptions()).rejects.toThrow(/HTTP 401/);
    const wrongGrant = await fetch(`${base()}/merchant/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.app.ctx.config.payhere.appId}:${t.app.ctx.config.payhere.appSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password',
    });
    expect(wrongGrant.status).toBe(400);
  });

  it('reports the charges of an order and of its subscription, as recorded by Pay', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const payments = await api.paymentsOfOrder(orderId);
    expect(payments).toEqual([expect.objectContaining({ order_id: orderId, status: 'RECEIVED', currency: 'USD', amount: 14.99 })]);
    expect(payments[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const subscription = String(await sandboxSubscriptionOf(t.app, orderId));
    expect((await api.paymentsOfSubscription(subscription)).map((p) => p.payment_id)).toEqual(payments.map((p) => p.payment_id));
    expect(await api.subscriptions()).toEqual([
      expect.objectContaining({ subscription_id: subscription, order_id: orderId, status: 'ACTIVE' }),
    ]);
    expect(await api.paymentsOfOrder('no-such-order')).toEqual([]);
    // A one-time add-on has a charge but no subscription.
    const addonOrder = await payWithSandboxCard(t.app, buyer, 'hits', '1000Hits');
    expect(await api.paymentsOfOrder(addonOrder)).toHaveLength(1);
    expect((await api.subscriptions()).map((s) => s.order_id)).toEqual([orderId]);
  });

  it('cancels a subscription once, tells the notify URL it stopped, and refuses to retry it', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const subscription = String(await sandboxSubscriptionOf(t.app, orderId));
    expect(await api.cancelSubscription(subscription)).toBe(true);
    expect(await api.cancelSubscription(subscription)).toBe(false);
    expect((await api.subscriptions())[0]).toMatchObject({ status: 'CANCELLED' });
    const stopped = await queryRows<{ payload: { message_type: string; subscription_id: string } }>(
      t.app.ctx.db,
      sql`select payload from payment_events where order_id = ${orderId} and payload->>'message_type' = 'RECURRING_STOPPED'`,
    );
    expect(stopped.map((r) => r.payload.subscription_id)).toEqual([subscription]);
    await expect(api.retrySubscription(subscription)).rejects.toBeInstanceOf(PayhereApiError);
    await expect(api.cancelSubscription('999999999999')).rejects.toThrow(/Invalid subscription id/);
  });

  it('refunds a received payment once, by payment_id or paymentId', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'hits', '1000Hits');
    const [payment] = await api.paymentsOfOrder(orderId);
    await api.refundPayment(payment!.payment_id, 'Customer asked within 30 days');
    expect((await api.paymentsOfOrder(orderId))[0]).toMatchObject({ status: 'REFUNDED' });
    await expect(api.refundPayment(payment!.payment_id, 'again')).rejects.toThrow(/not eligible/);

    const other = await payWithSandboxCard(t.app, buyer, 'hits', '1000Hits');
    const [second] = await api.paymentsOfOrder(other);
    const tokenRes = await fetch(`${base()}/merchant/v1/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${t.app.ctx.config.payhere.appId}:${t.app.ctx.config.payhere.appSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const alias = await fetch(`${base()}/merchant/v1/payment/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paymentId: second!.payment_id, description: 'alias' }),
    });
    expect(await alias.json()).toMatchObject({ status: 1 });
    const noReason = await fetch(`${base()}/merchant/v1/payment/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: second!.payment_id }),
    });
    expect(noReason.status).toBe(422);
  });
});
