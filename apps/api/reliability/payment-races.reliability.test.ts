import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { registerCustomer, type Session } from '../src/test-support/accounts.ts';
import { sendNotify, startCheckout } from '../src/test-support/payments.ts';
import { addMonths } from '../src/lib/dates.ts';
import { useTestApp } from '../src/test-support/use-test-app.ts';

/**
 * docs/product.md section 10, "Payments": each order grants once, however often and however concurrently it is
 * reported or finalized. In-process app on its own PostgreSQL database; requests race for real.
 */
describe('payments under concurrency (PostgreSQL)', () => {
  let buyer: Session;
  const t = useTestApp();
  beforeEach(async () => {
    buyer = await registerCustomer(t.app);
  });

  const addPackage = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/addPackage', headers: buyer.headers, payload });
  const order = async (id: string) =>
    (
      await queryRows<{ status: string; granted_at: string | null; amount: string }>(
        t.app.ctx.db,
        sql`select status, granted_at, amount from orders where id = ${id}`,
      )
    )[0]!;
  const subscriptions = (userId: number) =>
    queryRows<{ package_id: string; started_at: Date; expires_at: Date; order_id: string }>(
      t.app.ctx.db,
      sql`select package_id, started_at, expires_at, order_id from subscriptions where user_id = ${userId}`,
    );
  /** Granted once = one subscription lasting exactly one calendar month from its start. */
  const expectOneMonthOf = async (userId: number, pkg: string, orderId: string) => {
    const subs = await subscriptions(userId);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ package_id: pkg, order_id: orderId });
    expect(new Date(subs[0]!.expires_at).getTime()).toBe(addMonths(new Date(subs[0]!.started_at), 1).getTime());
  };

  it('the same paid purchase finalized six times at once (POST users/addPackage) → one grant, one month', async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    // A payment recorded whose grant has not been applied yet: what finalizing is there to finish.
    await t.app.ctx.db.execute(sql`update orders set status = 'paid', paid_at = now() where id = ${form.order_id!}`);
    const responses = await Promise.all(Array.from({ length: 6 }, () => addPackage({ pkg: 'pkgBasic', uuid: form.order_id })));

    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.json().package.id).toBe('pkgBasic');
    }
    expect(new Set(responses.map((r) => r.json().subscription_expiry_date)).size).toBe(1);
    expect((await order(form.order_id!)).granted_at).not.toBeNull();
    await expectOneMonthOf(buyer.user.id, 'pkgBasic', form.order_id!);
  });

  it('the callback racing two finalizes from the return page → one grant, one month', async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgStandard');
    const [notify, ...finalizes] = await Promise.all([
      sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount! }),
      addPackage({ pkg: 'pkgStandard', uuid: form.order_id }),
      addPackage({ pkg: 'pkgStandard', uuid: form.order_id }),
    ]);
    expect(notify!.statusCode).toBe(200);
    expect(['granted', 'already granted']).toContain(notify!.json().result);
    // Before the callback lands, finalizing honestly says the payment is not confirmed yet.
    for (const res of finalizes) expect([200, 402]).toContain(res.statusCode);
    expect((await addPackage({ pkg: 'pkgStandard', uuid: form.order_id })).statusCode).toBe(200);
    await expectOneMonthOf(buyer.user.id, 'pkgStandard', form.order_id!);
  });

  it('two PayHere callbacks for one order at once → granted once', async () => {
    const form = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    const fields = { order_id: form.order_id!, payhere_amount: form.amount! };
    const results = await Promise.all([sendNotify(t.app, fields), sendNotify(t.app, fields)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().result).sort()).toEqual(['duplicate', 'granted']);
    await expectOneMonthOf(buyer.user.id, 'pkgBasic', form.order_id!);
  });

  it('callbacks for one order under different payment ids, all at once → granted once', async () => {
    const pkg = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    const addon = await startCheckout(t.app, buyer, 'hits', '1000Hits');
    const results = await Promise.all(
      ['p1', 'p2', 'p3', 'p1'].flatMap((paymentId) => [
        sendNotify(t.app, { order_id: pkg.order_id!, payhere_amount: pkg.amount!, payment_id: paymentId }),
        sendNotify(t.app, { order_id: addon.order_id!, payhere_amount: addon.amount!, payment_id: `a-${paymentId}` }),
      ]),
    );
    for (const res of results) expect(res.statusCode).toBe(200);
    expect(results.filter((r) => r.json().result === 'granted')).toHaveLength(2);
    await expectOneMonthOf(buyer.user.id, 'pkgBasic', pkg.order_id!);
    const activations = await queryRows<{ count: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as count from activated_addons where user_id = ${buyer.user.id}`,
    );
    expect(activations[0]!.count).toBe(1);
  });
});
