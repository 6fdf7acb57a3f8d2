import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../../../test-support/accounts.ts';
import { signedWebhookHeaders } from '@traffic/sandboxes/paypal-signature';
import {
  activationCount,
  approvedOrder,
  capturePaypal,
  loadUser,
  orderRow,
  sandboxEvent,
  startListeningTestApp,
} from './paypal-test-server.ts';
import { useTestAppFrom } from '../../../test-support/use-test-app.ts';

interface Delivery {
  event_id: string;
  delivery_status: number;
  webhook: { headers: Record<string, string>; body: string };
}

describe('PayPal webhooks', () => {
  let buyer: Session;
  const t = useTestAppFrom(startListeningTestApp);
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'pending@example.com' });
  });

  const post = (headers: Record<string, string>, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  const sign = (body: string, secret = t.app.ctx.config.paypal.clientSecret) =>
    signedWebhookHeaders({
      secret,
      webhookId: t.app.ctx.config.paypal.webhookId,
      certUrl: 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      body,
      now: new Date(),
    });
  const events = async () => (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from payment_events`))[0]!.n;

  /** A customer's approved order captured as PENDING (the sandbox's pending@example.com buyer). */
  async function pendingCapture(s: Session, kind = 'hits', id = '1000Hits') {
    const order = await approvedOrder(t.app, s, kind, id);
    expect((await capturePaypal(t.app, s, order.id)).json().status).toBe('PENDING');
    return order;
  }

  it('grants a PENDING capture once PayPal reports it COMPLETED, and only once however often it is replayed', async () => {
    const { id, orderUUID } = await pendingCapture(buyer, 'hits', '1000Hits');
    const res = await sandboxEvent(t.app, id, 'complete');
    expect(res.statusCode).toBe(200);
    const delivery = res.json() as Delivery;
    expect(delivery.delivery_status).toBe(200);
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'paid', granted_at: expect.anything() });
    expect(await activationCount(t.app, buyer.user.id)).toBe(1);

    // The same delivery again, several times at once: recognised by its event id.
    const replays = await Promise.all([1, 2, 3].map(() => post(delivery.webhook.headers, delivery.webhook.body)));
    expect(replays.map((r) => r.json())).toEqual([{ result: 'duplicate' }, { result: 'duplicate' }, { result: 'duplicate' }]);
    // The same capture under a new event id: the order has been granted already.
    const again = JSON.stringify({ ...JSON.parse(delivery.webhook.body), id: 'WH-ANOTHER-DELIVERY' });
    expect((await post(sign(again), again)).json()).toEqual({ result: 'already granted' });
    expect(await activationCount(t.app, buyer.user.id)).toBe(1);
    // And the buyer's button, asking again, sees the payment done.
    expect((await capturePaypal(t.app, buyer, id)).json()).toMatchObject({ status: 'COMPLETED' });
  });

  it('rejects a delivery that fails verification with 400 and changes nothing', async () => {
    const { id, orderUUID } = await pendingCapture(buyer);
    const genuine = (await sandboxEvent(t.app, id, 'complete')).json() as Delivery;
    await t.reset();
    buyer = await registerCustomer(t.app, { email: 'pending@example.com' });
    const fresh = await pendingCapture(buyer);
    const body = genuine.webhook.body.replaceAll(id, fresh.id).replaceAll(orderUUID, fresh.orderUUID);
    const before = await events();

    const forgeries: Array<[Record<string, string>, string]> = [
      [genuine.webhook.headers, body], // a genuine signature over another body
      [sign(body, 'attacker-secret'), body],
      [{ ...sign(body), 'paypal-transmission-sig': '' }, body],
      [{}, body],
    ];
    for (const [headers, payload] of forgeries) {
      const res = await post(headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Notification rejected.' });
    }
    expect((await post(sign('{"id":'), '{"id":')).statusCode).toBe(400);
    expect(await events()).toBe(before);
    expect(await orderRow(t.app, fresh.orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
    expect(await activationCount(t.app, buyer.user.id)).toBe(0);
  });

  it('grants nothing when a verified COMPLETED event does not match the order', async () => {
    const { id, orderUUID } = await pendingCapture(buyer);
    const event = {
      id: 'WH-CHEAP',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: 'CAPCHEAP',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '14.99' },
        custom_id: 'hits-1000Hits',
        invoice_id: orderUUID,
        supplementary_data: { related_ids: { order_id: id } },
      },
    };
    const body = JSON.stringify(event);
    expect((await post(sign(body), body)).json()).toEqual({ result: 'mismatch' });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'pending', granted_at: null });
  });

  it('revokes the add-on when PayPal reports a refund', async () => {
    const card = await registerCustomer(t.app, { email: 'refund-me@example.com' });
    const { id, orderUUID } = await approvedOrder(t.app, card);
    expect((await capturePaypal(t.app, card, id)).json().status).toBe('COMPLETED');
    expect(await activationCount(t.app, card.user.id)).toBe(1);

    const res = await sandboxEvent(t.app, id, 'refund');
    expect(res.json()).toMatchObject({ delivery_status: 200 });
    expect(await activationCount(t.app, card.user.id)).toBe(0);
    expect((await loadUser(t.app, card)).stats.normal).toMatchObject({ totalHits: 0 });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'revoked', revoked_at: expect.anything() });
    // A refunded capture cannot be refunded twice.
    expect((await sandboxEvent(t.app, id, 'refund')).statusCode).toBe(422);
  });

  it('finds a refund\'s order through its "up" link when PayPal sends no related ids (the documented refund shape)', async () => {
    const card = await registerCustomer(t.app, { email: 'refund-doc@example.com' });
    const { id, orderUUID } = await approvedOrder(t.app, card);
    expect((await capturePaypal(t.app, card, id)).json().status).toBe('COMPLETED');
    const [capture] = await queryRows<{ id: string }>(
      t.app.ctx.db,
      sql`select external_id as id from payment_events where order_id = ${orderUUID} and provider = 'paypal' and kind = 'payment'`,
    );
    const captureId = capture!.id;
    const event = {
      id: 'WH-REFUND-DOC',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: {
        id: '1Y107995YT783435V',
        status: 'COMPLETED',
        amount: { value: '14.99', currency_code: 'USD' },
        links: [
          { method: 'GET', rel: 'self', href: 'https://api.paypal.com/v2/payments/refunds/1Y107995YT783435V' },
          { method: 'GET', rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${captureId}` },
        ],
      },
    };
    const body = JSON.stringify(event);
    expect((await post(sign(body), body)).json()).toEqual({ result: 'revoked' });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'revoked' });
  });

  it('marks the order failed when PayPal denies a pending capture', async () => {
    const { id, orderUUID } = await pendingCapture(buyer);
    expect((await sandboxEvent(t.app, id, 'deny')).json()).toMatchObject({ delivery_status: 200 });
    expect(await orderRow(t.app, orderUUID)).toMatchObject({ status: 'failed', granted_at: null });
    expect((await capturePaypal(t.app, buyer, id)).statusCode).toBe(402);
    expect(await activationCount(t.app, buyer.user.id)).toBe(0);
  });

  it('acknowledges verified events about orders it does not know, doing nothing', async () => {
    const body = JSON.stringify({
      id: 'WH-STRANGER',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'X', status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.00' } },
    });
    expect((await post(sign(body), body)).json()).toEqual({ result: 'ignored: unknown order' });
  });
});
