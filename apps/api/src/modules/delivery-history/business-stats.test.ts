import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { customerWithPackage, loginAdmin } from '../../test-support/accounts.ts';
import { spendRate } from './business-stats.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('GET /api/admin/business: the picture of the business', () => {
  const t = useTestApp();

  /** A paid order of `amount` through `provider`, optionally refunded (revoked) at `revokedAt`. */
  async function paidOrder(
    userId: number,
    provider: string,
    amount: string,
    opts: { revokedAt?: Date; reason?: string; paidAt?: Date } = {},
  ) {
    const paidAt = (opts.paidAt ?? t.app.ctx.now()).toISOString();
    const [row] = await queryRows<{ id: string }>(
      t.app.ctx.db,
      sql`insert into orders (user_id, kind, item_id, item_name, package_type, amount, provider, status, paid_at, granted_at, revoked_at, revoked_reason)
          values (${userId}, 'package', 'pkgBasic', 'Basic', 'normal', ${amount}, ${provider}, 'paid', ${paidAt}::timestamptz, ${paidAt}::timestamptz,
                  ${opts.revokedAt?.toISOString() ?? null}::timestamptz, ${opts.reason ?? null})
          returning id`,
    );
    return row!.id;
  }

  it('revenue per day and month by gateway, refunds and charge-backs taken off on the day they happened; grants are not revenue', async () => {
    const customer = await customerWithPackage(t.app, 'pkgBasic'); // a grant: no money
    const id = customer.user.id as number;
    const now = t.app.ctx.now();
    const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await paidOrder(id, 'payhere', '10.00', { paidAt: yesterday });
    await paidOrder(id, 'paypal', '20.50');
    await paidOrder(id, 'payhere', '5.25', { paidAt: yesterday, revokedAt: now, reason: 'refund' });
    const renewed = await paidOrder(id, 'paypal', '7.00', { paidAt: yesterday });
    await t.app.ctx.db.execute(
      sql`insert into payment_events (provider, external_id, order_id, kind, amount, currency, payload)
          values ('paypal', 'sale:R1', ${renewed}, 'renewal', '7.00', 'USD', '{}'), ('paypal', 'refund:sale:R1', ${renewed}, 'refund', '7.00', 'USD', '{}')`,
    );
    const admin = await loginAdmin(t.app);
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/business', headers: admin.headers });
    expect(answer.statusCode).toBe(200);
    const stats = answer.json();
    expect(stats.revenueDays).toHaveLength(90);
    const [before, today] = stats.revenueDays.slice(-2);
    expect(before).toMatchObject({ payhere: 15.25, paypal: 7, refunds: 0, net: 22.25 });
    expect(today).toMatchObject({ payhere: 0, paypal: 27.5, refunds: 12.25, net: 15.25 });
    const total = stats.revenueMonths.reduce((sum: number, m: { net: number }) => sum + m.net, 0);
    expect(total).toBeCloseTo(10 + 20.5 + 5.25 + 7 + 7 - 5.25 - 7, 2);
    expect(stats.subscriptions.find((s: { packageId: string }) => s.packageId === 'pkgBasic').active).toBe(1);
    expect(stats.newCustomers.at(-1).customers).toBe(1);
    expect(stats.churn.at(-1)).toMatchObject({ renewals: 1 });

    // Three days on, those days are closed: summed once into business_days, the figures are the same.
    t.clock.advance(3 * 24 * 60 * 60 * 1000);
    const later = (await t.app.inject({ method: 'GET', url: '/api/admin/business', headers: admin.headers })).json();
    const stored = await queryRows<{ day: string; payhere: string }>(
      t.app.ctx.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, payhere::text from business_days where payhere > 0`,
    );
    expect(stored).toEqual([{ day: yesterday.toISOString().slice(0, 10), payhere: '15.25' }]);
    expect(later.revenueDays.slice(-5, -3)).toEqual(stats.revenueDays.slice(-2).map((d: { day: string }) => d));
    expect(later.revenueMonths.reduce((sum: number, m: { net: number }) => sum + m.net, 0)).toBeCloseTo(total, 2);

    const customerAnswer = await t.app.inject({ method: 'GET', url: '/api/admin/business', headers: customer.headers });
    expect(customerAnswer.statusCode).toBe(403);
  });

  it('the spend rate is the average daily fall of the points balance; a top-up is no spend', () => {
    expect(spendRate([])).toEqual({ spendPerDay: null, daysLeft: null });
    expect(
      spendRate([
        { day: '2026-11-01', points: 10_000 },
        { day: '2026-11-02', points: 9_000 },
        { day: '2026-11-03', points: 20_000 }, // topped up
        { day: '2026-11-04', points: 19_000 },
      ]),
    ).toEqual({ spendPerDay: 667, daysLeft: 28 });
  });
});
