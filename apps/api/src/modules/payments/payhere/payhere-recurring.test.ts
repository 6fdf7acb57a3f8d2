import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../../../test-support/accounts.ts';
import { payWithSandboxCard, sandboxControl, sandboxSubscriptionOf } from '../../../test-support/payhere-sandbox.ts';
import { sendNotify } from '../../../test-support/payments.ts';
import { addMonths } from '../../../lib/dates.ts';
import { enqueuePayhereCharges } from './payhere-charges.ts';
import { useListeningTestApp } from '../../../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A card subscription's life against the embedded PayHere over real HTTP: the sandbox charges and
 * notifies as PayHere does, and our server applies a monthly charge only once PayHere's merchant
 * API shows it, once per charge, at most one per billing period.
 */
describe('PayHere monthly renewals, confirmed through the merchant API', () => {
  let buyer: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app, { email: 'monthly@example.com' });
  });

  const expiry = async () =>
    new Date(
      (await t.app.inject({ method: 'POST', url: '/api/users/load/monthly@example.com', headers: buyer.headers })).json()
        .subscription_expiry_date,
    );
  const events = (orderId: string) =>
    queryRows<{ kind: string; external_id: string }>(
      t.app.ctx.db,
      sql`select kind, external_id from payment_events where order_id = ${orderId} and external_id like 'payment:%' order by id`,
    );

  it('applies a charge made near the end of the period, once, however often it is notified', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const end1 = await expiry();
    const subscription = await sandboxSubscriptionOf(t.app, orderId);

    t.clock.advance(end1.getTime() - Date.now() - 2 * DAY);
    const { paymentId } = await sandboxControl(t.app, `subscriptions/${subscription}/charge`);
    // The notify only queued a read of PayHere's record; the job applies it.
    expect((await expiry()).getTime()).toBe(end1.getTime());
    await t.app.jobs.drain();
    const end2 = await expiry();
    expect(end2.getTime()).toBe(addMonths(end1, 1).getTime());

    // The same genuine notify delivered again, and the job run again: nothing more.
    await sendNotify(t.app, {
      order_id: orderId,
      payhere_amount: '14.99',
      payment_id: String(paymentId),
      message_type: 'RECURRING_INSTALLMENT_SUCCESS',
    });
    await sendNotify(t.app, {
      order_id: orderId,
      payhere_amount: '14.99',
      payment_id: String(paymentId),
      message_type: 'RECURRING_INSTALLMENT_SUCCESS',
    });
    await t.app.jobs.drain();
    expect((await expiry()).getTime()).toBe(end2.getTime());
    expect((await events(orderId)).map((e) => e.kind)).toEqual(['payment', 'renewal']);
  });

  it('applies the next month’s charge at once, and holds a further one until the paid period nears its end', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const end1 = await expiry();
    const subscription = await sandboxSubscriptionOf(t.app, orderId);

    await sandboxControl(t.app, `subscriptions/${subscription}/charge`);
    await sandboxControl(t.app, `subscriptions/${subscription}/charge`);
    await t.app.jobs.drain();
    // Paid at most one period ahead: one more month now, the other charge waits.
    const end2 = await expiry();
    expect(end2.getTime()).toBe(addMonths(end1, 1).getTime());

    // Near the end of the paid period the periodic scan reads PayHere again: the waiting charge applies.
    t.clock.advance(end2.getTime() - Date.now() - DAY / 2);
    await t.app.scheduler.tick();
    await t.app.jobs.drain();
    expect((await expiry()).getTime()).toBe(addMonths(end2, 1).getTime());
    expect((await events(orderId)).map((e) => e.kind)).toEqual(['payment', 'renewal', 'renewal']);
  });

  it('a failed monthly charge pays for nothing (the package runs on only for the grace period), and a charge-back of the first charge revokes it', async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    const end1 = await expiry();
    const subscription = await sandboxSubscriptionOf(t.app, orderId);
    t.clock.advance(end1.getTime() - Date.now() - DAY);
    await sandboxControl(t.app, `subscriptions/${subscription}/fail`);
    await t.app.jobs.drain();
    // Past due: the paid end is kept, the package runs three days beyond it (RENEWAL_GRACE_DAYS).
    expect((await expiry()).getTime()).toBe(end1.getTime() + 3 * DAY);
    const [sub] = await queryRows<{ paid_until: Date }>(t.app.ctx.db, sql`select paid_until from subscriptions`);
    expect(new Date(sub!.paid_until).getTime()).toBe(end1.getTime());

    const [first] = await queryRows<{ payment_id: string }>(
      t.app.ctx.db,
      sql`select payment_id from sandbox_payhere_payments where order_id = ${orderId}`,
    );
    await sandboxControl(t.app, `payments/${first!.payment_id}/chargeback`);
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/monthly@example.com', headers: buyer.headers })).json();
    expect(new Date(user.subscription_expiry_date).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it("grants a paid order from PayHere's record when its notify never arrived", async () => {
    const orderId = await payWithSandboxCard(t.app, buyer, 'package', 'pkgBasic');
    // Undo what the notify did, as if it had been lost on the way.
    await t.app.ctx.db.execute(sql`update orders set status = 'pending', granted_at = null, paid_at = null where id = ${orderId}`);
    await t.app.ctx.db.execute(sql`delete from subscriptions where order_id = ${orderId}`);
    await enqueuePayhereCharges(t.app.ctx.db, { id: orderId, chargesReadAt: null });
    await t.app.jobs.drain();
    expect((await expiry()).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
  });
});
