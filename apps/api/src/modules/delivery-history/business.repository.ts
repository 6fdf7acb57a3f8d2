import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/** Money and churn of one UTC day: charges by gateway, money given back, renewals charged, renewals stopped. */
export interface MoneyDay {
  day: string;
  payhere: string;
  paypal: string;
  refunds: string;
  renewals: number;
  cancellations: number;
}

/**
 * Money and churn per UTC day in [from, to): each gateway payment (an order's first charge, on the
 * day it was paid) and each renewal charge, by gateway; money given back (a refunded or charged-back
 * order, a refunded renewal) on the day it was taken back; renewals charged; automatic renewals
 * stopped. Grants (no money) are not revenue. Days with nothing are absent.
 */
export function moneyPerDay(db: Executor, from: string, to: string): Promise<MoneyDay[]> {
  // Midnight UTC, whatever the session's time zone.
  const utcMidnight = (date: string) => sql`(${date}::date::timestamp at time zone 'UTC')`;
  const range = (column: string) => sql`${sql.raw(column)} >= ${utcMidnight(from)} and ${sql.raw(column)} < ${utcMidnight(to)}`;
  const day = (column: string) => sql`to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
  return queryRows<MoneyDay>(
    db,
    sql`select day,
               coalesce(sum(amount) filter (where provider = 'payhere' and what in ('paid', 'renewal')), 0)::text as payhere,
               coalesce(sum(amount) filter (where provider = 'paypal' and what in ('paid', 'renewal')), 0)::text as paypal,
               coalesce(sum(amount) filter (where what = 'back'), 0)::text as refunds,
               count(*) filter (where what = 'renewal')::int as renewals,
               count(*) filter (where what = 'stopped')::int as cancellations
        from (
          select ${day('o.paid_at')} as day, o.provider, o.amount, 'paid' as what
            from orders o where ${range('o.paid_at')} and o.granted_at is not null and o.provider in ('payhere', 'paypal')
          union all
          select ${day('o.revoked_at')}, o.provider, o.amount, 'back'
            from orders o where ${range('o.revoked_at')} and o.granted_at is not null and o.provider in ('payhere', 'paypal')
              and o.revoked_reason in ('refund', 'chargeback')
          union all
          select ${day('e.created_at')}, e.provider, e.amount, 'renewal'
            from payment_events e where e.kind = 'renewal' and ${range('e.created_at')}
          union all
          select ${day('r.created_at')}, r.provider, e.amount, 'back'
            from payment_events r
            -- From the refund to its renewal by the renewal's own key, (provider, external_id): joined
            -- the other way, on 'refund:' || e.external_id, every renewal ever charged was read.
            join payment_events e on e.provider = r.provider and e.external_id = substr(r.external_id, length('refund:') + 1) and e.kind = 'renewal'
            where r.kind = 'refund' and r.external_id like 'refund:%' and ${range('r.created_at')}
          union all
          select ${day('o.renewal_stopped_at')}, o.provider, 0, 'stopped'
            from orders o where ${range('o.renewal_stopped_at')}
        ) money
        group by day order by day`,
  );
}

/** The closed days in [from, to) whose figures are not stored yet. */
export async function unstoredDays(db: Executor, from: string, to: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day from generate_series(${from}::date, ${to}::date - 1, interval '1 day') d
        where not exists (select 1 from business_days b where b.day = d::date) order by d`,
  );
  return rows.map((r) => r.day);
}

/** Stores closed days' figures (a day another call stored meanwhile is kept). */
export async function storeDays(db: Executor, days: MoneyDay[]): Promise<void> {
  if (!days.length) return;
  await db.execute(
    sql`insert into business_days (day, payhere, paypal, refunds, renewals, cancellations)
        select day, payhere, paypal, refunds, renewals, cancellations
        from jsonb_to_recordset(${JSON.stringify(days)}::jsonb)
          as d(day date, payhere numeric, paypal numeric, refunds numeric, renewals int, cancellations int)
        on conflict (day) do nothing`,
  );
}

/** The stored figures of the closed days from `from`. */
export function storedDays(db: Executor, from: string): Promise<MoneyDay[]> {
  return queryRows<MoneyDay>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, payhere::text, paypal::text, refunds::text, renewals, cancellations
        from business_days where day >= ${from}::date order by day`,
  );
}

/** Subscriptions running at `now`, per package: every package on sale (0 where none) and retired ones still held. */
export function activeSubscriptions(
  db: Executor,
  now: Date,
): Promise<{ type: string; package_id: string; package_name: string; active: number }[]> {
  return queryRows(
    db,
    sql`with running as (
          select package_id, count(*)::int as active from subscriptions where expires_at > ${now.toISOString()}::timestamptz group by package_id
        )
        select p.type, p.id as package_id, p.name as package_name, coalesce(r.active, 0) as active
        from packages p left join running r on r.package_id = p.id
        where p.deleted_at is null or r.active > 0
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
