import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../test-support/payments.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: with an empty status_code the notify's md5sig is exactly the checkout form's
 * `hash`, which the buyer's own browser receives. A customer replayed it with new payment ids and
 * 500-character messages: 50 calls, 50 pending rows in the payment ledger.
 */
describe('red team: a customer writing to the payment ledger with their own checkout hash', () => {
  let buyer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app);
  });

  const ledgerRows = async (orderId: string) =>
    (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from payment_events where order_id = ${orderId}`))[0]!.n;

  it('an empty status_code signed with the checkout hash is refused and writes nothing', async () => {
    const form = await startCheckout(t.app, buyer, 'hits', '1000Hits');
    for (let i = 0; i < 50; i++) {
      const res = await sendNotify(t.app, {
        order_id: form.order_id!,
        payhere_amount: form.amount!,
        payment_id: `forged-${i}`,
        status_code: '',
        md5sig: form.hash!,
        extra: { status_message: 'x'.repeat(500) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'Notification rejected.' });
    }
    expect(await ledgerRows(form.order_id!)).toBe(0);
  });

  it('refuses every status code PayHere does not document, even correctly signed', async () => {
    const form = await startCheckout(t.app, buyer, 'hits', '1000Hits');
    for (const status_code of ['', '1', '3', '00', '+2', '2.0', ' 2', '-0', '-4']) {
      const res = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount!, status_code });
      expect({ status_code, status: res.statusCode }).toEqual({ status_code, status: 400 });
    }
    expect(await ledgerRows(form.order_id!)).toBe(0);
  });

  it('keeps one pending event per order however many payment ids a signed pending notify claims', async () => {
    const form = await startCheckout(t.app, buyer, 'hits', '1000Hits');
    for (let i = 0; i < 10; i++) {
      const res = await sendNotify(t.app, {
        order_id: form.order_id!,
        payhere_amount: form.amount!,
        status_code: '0',
        payment_id: `p-${i}`,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await ledgerRows(form.order_id!)).toBe(1);
    // The real payment still lands afterwards.
    const paid = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount!, status_code: '2' });
    expect(paid.json()).toEqual({ result: 'granted' });
    expect(await ledgerRows(form.order_id!)).toBe(2);
  });
});
