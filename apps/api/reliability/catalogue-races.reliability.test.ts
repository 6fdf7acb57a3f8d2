import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { loginAdmin, registerCustomer, type Session } from '../src/test-support/accounts.ts';
import { sendNotify, startCheckout } from '../src/test-support/payments.ts';
import { statsOf } from '../src/test-support/websites.ts';
import { addMonths } from '../src/lib/dates.ts';
import { inParallel } from './support/wait.ts';
import { useTestApp } from '../src/test-support/use-test-app.ts';

/** When a price was in force: from the start of the edit that set it to the end of the edit that replaced it. */
interface PriceVersion {
  price: string;
  from: number;
  until: number;
}

/**
 * An administrator edits the catalogue (PUT /api/packages, PUT /api/additional-hits) while
 * customers buy (checkout + callback). Each order must charge the price the catalogue held when
 * the order was created, grant exactly once, and leave a consistent subscription.
 */
describe('catalogue edits racing purchases (PostgreSQL)', () => {
  let admin: Session;
  const t = useTestApp({}, 'once');
  beforeAll(async () => {
    admin = await loginAdmin(t.app);
  });

  const editPackage = (price: string, hits: number) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/packages',
      headers: admin.headers,
      payload: { id: 'pkgStandard', name: 'Standard', price, hits_per_day: hits, slots: 25, description: '' },
    });
  const editAddon = (price: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/additional-hits',
      headers: admin.headers,
      payload: { id: '1000Hits', name: '1000 Extra Hits', price, count: 1000 },
    });

  /** The prices that could have been in force at some instant of [start, end]. */
  const possiblePrices = (versions: PriceVersion[], start: number, end: number) =>
    new Set(versions.filter((v) => v.from <= end && v.until >= start).map((v) => v.price));

  it('charges the price at order creation, grants each order once, keeps subscriptions consistent', async () => {
    const customers = await Promise.all(Array.from({ length: 16 }, () => registerCustomer(t.app)));
    const pkgVersions: PriceVersion[] = [{ price: '44.99', from: -Infinity, until: Infinity }];
    const addonVersions: PriceVersion[] = [{ price: '4.99', from: -Infinity, until: Infinity }];
    let buying = true;
    let finalHits = 4200;

    const adminLoop = async () => {
      // Bounded: at most 200 edits, and only while customers are still buying.
      for (let i = 1; i <= 200 && buying; i++) {
        const price = (44.99 + i).toFixed(2);
        const hits = 4200 + 100 * i;
        const from = performance.now();
        const res = i % 2 ? await editPackage(price, hits) : await editAddon((4.99 + i).toFixed(2));
        const until = performance.now();
        expect(res.statusCode).toBe(200);
        const versions = i % 2 ? pkgVersions : addonVersions;
        versions.at(-1)!.until = until;
        versions.push({ price: i % 2 ? price : (4.99 + i).toFixed(2), from, until: Infinity });
        if (i % 2) finalHits = hits;
      }
    };

    interface Purchase {
      customer: Session;
      kind: 'package' | 'hits';
      form: Record<string, string>;
      start: number;
      end: number;
      results: string[];
    }
    const buy = async (customer: Session, kind: 'package' | 'hits'): Promise<Purchase> => {
      const start = performance.now();
      const form = await startCheckout(t.app, customer, kind, kind === 'package' ? 'pkgStandard' : '1000Hits');
      const end = performance.now();
      // The gateway charges the form's amount, and reports it (twice: a retried callback).
      const results: string[] = [];
      for (const paymentId of Array(2).fill(`pay-${form.order_id}`)) {
        const res = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount!, payment_id: paymentId });
        expect(res.statusCode).toBe(200);
        results.push(res.json().result);
      }
      return { customer, kind, form, start, end, results };
    };
    const customersLoop = async () => {
      try {
        // Four customers at a time, so that purchases spread over many catalogue versions.
        return await inParallel(
          4,
          customers.map((customer, i) => async () => {
            const mine = [await buy(customer, 'package')];
            if (i % 2 === 0) mine.push(await buy(customer, 'hits'));
            return mine;
          }),
        );
      } finally {
        buying = false;
      }
    };
    const [purchases] = await Promise.all([customersLoop(), adminLoop()]);
    const all = purchases.flat();
    // The edits really interleaved with the purchases: orders went out at several prices.
    expect(new Set(all.filter((p) => p.kind === 'package').map((p) => p.form.amount)).size).toBeGreaterThan(1);

    const orders = await queryRows<{ id: string; amount: string; status: string; granted_at: string | null; payments: number }>(
      t.app.ctx.db,
      sql`select o.id, o.amount::text as amount, o.status, o.granted_at,
                 (select count(*)::int from payment_events e where e.order_id = o.id and e.kind = 'payment') as payments
          from orders o where o.provider = 'payhere'`,
    );
    expect(orders).toHaveLength(all.length);
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const p of all) {
      const stored = byId.get(p.form.order_id!)!;
      // Granted exactly once: one recorded payment, the retried callback a duplicate.
      expect(p.results).toEqual(['granted', 'duplicate']);
      expect(stored).toMatchObject({ status: 'paid', payments: 1 });
      expect(stored.granted_at).not.toBeNull();
      // What the gateway charged = the stored amount = a price in force while the order was created.
      expect(stored.amount).toBe(p.form.amount);
      expect(possiblePrices(p.kind === 'package' ? pkgVersions : addonVersions, p.start, p.end)).toContain(p.form.amount);
    }

    for (const [i, customer] of customers.entries()) {
      const subs = await queryRows<{ package_id: string; started_at: Date; expires_at: Date; order_id: string }>(
        t.app.ctx.db,
        sql`select package_id, started_at, expires_at, order_id from subscriptions where user_id = ${customer.user.id}`,
      );
      expect(subs).toHaveLength(1);
      const pkgOrder = all.find((p) => p.customer === customer && p.kind === 'package')!;
      expect(subs[0]).toMatchObject({ package_id: 'pkgStandard', order_id: pkgOrder.form.order_id });
      expect(new Date(subs[0]!.expires_at).getTime()).toBe(addMonths(new Date(subs[0]!.started_at), 1).getTime());
      // Capacity follows the package as it is now, plus what was bought (add-on counts were not edited).
      const stats = await statsOf(t.app, customer);
      expect(stats).toMatchObject({ totalHits: finalHits + (i % 2 === 0 ? 1000 : 0), totalSlots: 25 });
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json() as {
      id: string;
      price: string;
      hits_per_day: number;
    }[];
    expect(listed.find((p) => p.id === 'pkgStandard')).toMatchObject({ price: pkgVersions.at(-1)!.price, hits_per_day: finalHits });
  });

  it('a callback carrying the new price for an order made at the old one is refused; the old price grants', async () => {
    const buyer = await registerCustomer(t.app);
    const form = await startCheckout(t.app, buyer, 'package', 'pkgBasic');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/packages',
          headers: admin.headers,
          payload: { id: 'pkgBasic', name: 'Basic', price: '99.00', hits_per_day: 1000, slots: 6, description: '' },
        })
      ).statusCode,
    ).toBe(200);

    const wrong = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: '99.00' });
    expect(wrong.statusCode).toBe(400);
    expect((await statsOf(t.app, buyer)).totalSlots).toBe(0);
    const right = await sendNotify(t.app, { order_id: form.order_id!, payhere_amount: form.amount! });
    expect(form.amount).toBe('14.99');
    expect(right.json().result).toBe('granted');
    expect((await statsOf(t.app, buyer)).totalSlots).toBe(6);
  });
});
