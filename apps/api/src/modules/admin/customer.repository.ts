import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

/** The admin's customer page (customer-overview.ts): the reads it needs that no other module has. */

export interface CustomerRow {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  address: string;
  city: string;
  country: string;
  role: string;
  status: string;
  created_at: Date | string;
  two_factor: boolean;
}

/** A customer (role ROLE_USER) by id; administrators are not customers. */
export async function findCustomer(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`select id, username, email, first_name, last_name, phone_number, address, city, country, role, status, created_at,
               totp_enabled_at is not null as two_factor
        from users where id = ${id} and role = 'ROLE_USER'`,
  );
  return row;
}

export interface CustomerAddonRow {
  id: number;
  kind: string;
  type: string;
  name: string;
  count: number;
  expires_at: Date | string;
}

/** The customer's add-ons that have not expired, ending soonest first. */
export function runningAddons(db: Executor, userId: number, now: Date): Promise<CustomerAddonRow[]> {
  return queryRows<CustomerAddonRow>(
    db,
    sql`select id, kind, type, name, count, expires_at from activated_addons
        where user_id = ${userId} and expires_at > ${now}
        order by expires_at, id`,
  );
}

export interface CustomerWebsiteRow {
  id: number;
  url: string;
  type: string;
  status: string;
  daily_hit_limit: number;
  ninehits_state: string | null;
  paused_by_system: boolean;
  last_day: string | null;
  last_day_hits: number;
  hits_30_days: number;
}

/**
 * The days delivered to the outer query's website `w`: those closed (website_hits_daily) and the one
 * its delivery counter still holds (migration 0035). A day may be in both (written before that
 * migration): readers sum by day. The last day reads only the newest closed day beside the counter
 * (a backward index scan), not every day kept.
 */
const deliveredDays = sql`select d.day, d.hits from website_hits_daily d where d.website_id = w.id
  union all
  select c.day, c.day_hits from delivery_counters c where c.website_id = w.id and c.day is not null and c.day_hits > 0`;

/**
 * The customer's websites, newest first, each with its delivery from the daily history: the last
 * collected day's hits and the sum over the 30 days up to `today` (UTC dates, YYYY-MM-DD).
 */
export function websitesWithDelivery(db: Executor, userId: number, today: string): Promise<CustomerWebsiteRow[]> {
  return queryRows<CustomerWebsiteRow>(
    db,
    sql`select w.id, w.url, w.type, w.status, w.daily_hit_limit, w.ninehits_state, w.paused_by_system,
               last.day::text as last_day, coalesce(last.hits, 0)::int as last_day_hits,
               coalesce((select sum(h.hits) from (${deliveredDays}) h where h.day > ${today}::date - 30), 0)::int as hits_30_days
        from websites w
        left join lateral (
          select d.day, sum(d.hits) as hits from (
            (select h.day, h.hits from website_hits_daily h where h.website_id = w.id order by h.day desc limit 1)
            union all
            select c.day, c.day_hits from delivery_counters c where c.website_id = w.id and c.day is not null and c.day_hits > 0
          ) d group by d.day order by d.day desc limit 1
        ) last on true
        where w.user_id = ${userId}
        order by w.created_at desc, w.id desc`,
  );
}
