import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/** UTC calendar day / ISO week (Monday) / month of a timestamp, as text. */
const utc = (column: ReturnType<typeof sql.raw>) => sql`(${column} at time zone 'UTC')`;
const bucketOf = (unit: 'day' | 'month', column: ReturnType<typeof sql.raw>) =>
  unit === 'day' ? sql`to_char(${utc(column)}, 'YYYY-MM-DD')` : sql`to_char(${utc(column)}, 'YYYY-MM')`;

export interface RevenueRow {
  bucket: string;
  payhere: string;
  paypal: string;
  refunds: string;
}

/**
 * Money in per day or month since `from`: each gateway payment (an order's first charge, on the day
 * it was paid) and each renewal charge, by gateway; and money back: a refunded or charged-back
 * order, and a refunded renewal, on the day it was taken back. Grants (no money) are not revenue.
 */
export function revenue(db: Executor, unit: 'day' | 'month', from: Date): Promise<RevenueRow[]> {
  const f = from.toISOString();
  const paid = sql.raw('o.paid_at');
  const revoked = sql.raw('o.revoked_at');
  const at = sql.raw('e.created_at');
  const refundAt = sql.raw('r.created_at');
  return queryRows<RevenueRow>(
    db,
    sql`select bucket,
               coalesce(sum(amount) filter (where provider = 'payhere' and kind = 'in'), 0)::text as payhere,
               coalesce(sum(amount) filter (where provider = 'paypal' and kind = 'in'), 0)::text as paypal,
               coalesce(sum(amount) filter (where kind = 'out'), 0)::text as refunds
        from (
          select ${bucketOf(unit, paid)} as bucket, o.provider, o.amount, 'in' as kind
            from orders o where o.paid_at >= ${f}::timestamptz and o.granted_at is not null and o.provider in ('payhere', 'paypal')
          union all
          select ${bucketOf(unit, revoked)}, o.provider, o.amount, 'out'
            from orders o where o.revoked_at >= ${f}::timestamptz and o.granted_at is not null and o.provider in ('payhere', 'paypal')
              and o.revoked_reason in ('refund', 'chargeback')
          union all
          select ${bucketOf(unit, at)}, e.provider, e.amount, 'in'
            from payment_events e where e.kind = 'renewal' and e.created_at >= ${f}::timestamptz
          union all
          select ${bucketOf(unit, refundAt)}, r.provider, e.amount, 'out'
            from payment_events r join payment_events e on e.provider = r.provider and r.external_id = 'refund:' || e.external_id and e.kind = 'renewal'
            where r.kind = 'refund' and r.created_at >= ${f}::timestamptz
        ) money
        group by bucket order by bucket`,
  );
}

/** Subscriptions running at `now`, per package: every package on sale (0 where none) and retired ones still held. */
export function activeSubscriptions(
  db: Executor,
  now: Date,
): Promise<{ type: string; package_id: string; package_name: string; active: number }[]> {
  return queryRows(
    db,
    sql`select p.type, p.id as package_id, p.name as package_name,
               (select count(*)::int from subscriptions s where s.type = p.type and s.package_id = p.id and s.expires_at > ${now.toISOString()}::timestamptz) as active
        from packages p
        where p.deleted_at is null
           or exists (select 1 from subscriptions s where s.package_id = p.id and s.expires_at > ${now.toISOString()}::timestamptz)
        order by p.type, p.price, p.id`,
  );
}

/** Customers registered per ISO week (its Monday) since `from`. */
export function newCustomersPerWeek(db: Executor, from: Date): Promise<{ week: string; customers: number }[]> {
  return queryRows(
    db,
    sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as customers
        from users where role = 'ROLE_USER' and created_at >= ${from.toISOString()}::timestamptz
        group by 1 order by 1`,
  );
}

/** Renewals charged and automatic renewals stopped, per month since `from`. */
export function churnPerMonth(db: Executor, from: Date): Promise<{ month: string; renewals: number; cancellations: number }[]> {
  const f = from.toISOString();
  return queryRows(
    db,
    sql`select month, count(*) filter (where what = 'renewal')::int as renewals, count(*) filter (where what = 'stop')::int as cancellations
        from (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, 'renewal' as what
            from payment_events where kind = 'renewal' and created_at >= ${f}::timestamptz
          union all
          select to_char(renewal_stopped_at at time zone 'UTC', 'YYYY-MM'), 'stop'
            from orders where renewal_stopped_at >= ${f}::timestamptz
        ) events
        group by month order by month`,
  );
}

/** Hits delivered per day and package type since `from` (the collection's running totals). */
export function hitsPerDay(db: Executor, from: string): Promise<{ day: string; type: string; hits: string }[]> {
  return queryRows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, type, hits::text as hits from delivery_daily_totals where day >= ${from}::date order by day`,
  );
}

/** The 9Hits points balance per day since `from`. */
export function pointsPerDay(db: Executor, from: string): Promise<{ day: string; points: string; read_at: string | Date }[]> {
  return queryRows(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, points::text as points, read_at from ninehits_points_daily where day >= ${from}::date order by day`,
  );
}
