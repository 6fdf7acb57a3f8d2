import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { sendNotify } from '../test-support/payments.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: one customer started 500 checkouts in 2 s and every one created an
 * order (each PayPal one also an order at PayPal).
 */
describe('red team: open orders', () => {
  let buyer: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app);
  });

  const card = (session: Session) =>
    t.app.inject({ method: 'POST', url: '/api/orders', headers: session.headers, payload: { kind: 'hits', id: '1000Hits' } });
  const paypal = (session: Session) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/orders',
      headers: session.headers,
      payload: { kind: 'slots', id: '5Slots' },
    });
  const count = async (table: 'orders' | 'sandbox_paypal_orders') =>
    (await queryRows<{ n: number }>(t.app.ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it('a burst of checkouts gets 10 orders and then a clear 429, however parallel', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? card(buyer) : paypal(buyer))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'You have too many unfinished checkouts. Finish one, or try again in 60 minutes.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await count('orders')).toBe(10);
  });

  it('refuses the PayPal checkout before PayPal is asked for an order', async () => {
    for (let i = 0; i < 10; i++) expect((await card(buyer)).statusCode).toBe(201);
    const atPaypal = await count('sandbox_paypal_orders');
    expect((await paypal(buyer)).statusCode).toBe(429);
    expect(await count('sandbox_paypal_orders')).toBe(atPaypal);
  });

  it('counts only unfinished checkouts of the last hour, of this customer', async () => {
    const forms = [];
    for (let i = 0; i < 10; i++) forms.push((await card(buyer)).json() as { order_id: string; amount: string });
    expect((await card(buyer)).statusCode).toBe(429);
    // Someone else is not held up by it.
    expect((await card(await registerCustomer(t.app))).statusCode).toBe(201);
    // A paid order is finished: it no longer counts.
    expect(
      (await sendNotify(t.app, { order_id: forms[0]!.order_id, payhere_amount: forms[0]!.amount, payment_id: 'limit-1' })).statusCode,
    ).toBe(200);
    expect((await card(buyer)).statusCode).toBe(201);
    expect((await card(buyer)).statusCode).toBe(429);
    // An hour later the abandoned ones have aged out.
    t.clock.advance(61 * 60 * 1000);
    expect((await paypal(buyer)).statusCode).toBe(201);
  });
});
