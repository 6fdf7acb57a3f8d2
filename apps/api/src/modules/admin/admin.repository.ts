import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';
import type { PackageType } from '@traffic/shared';
import { websiteJson, type WebsiteSource } from '../shapes/index.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { userContains } from '../../lib/user-search.ts';

/** The admin console's reads and its notification writes: every query the admin use cases run. */

export async function countCustomers(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from users where role = 'ROLE_USER'`);
  return row?.count ?? 0;
}

/** Every website, summed from the shards its triggers keep (migration 0032), not counted row by row. */
export async function countWebsites(db: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number }>(db, sql`select coalesce(sum(count), 0)::int as count from website_count_shards`);
  return row?.count ?? 0;
}

export interface EndingSubscriptionRow {
  id: number;
  username: string;
  email: string;
  status: string;
  type: string;
  package_name: string;
  expires_at: string;
  state: 'cancelled' | 'past-due' | 'not-renewing';
}

/**
 * Subscriptions (either type) that end after `from` and by `until` and will really end there,
 * soonest first (500 at most): a grant or one-time payment (not renewing), a renewal the customer
 * or an administrator stopped (cancelled), or a failed renewal (past due). A subscription its
 * gateway renews does not end, so it is not listed (the billing overview's states).
 */
export function subscriptionsEnding(db: Executor, from: Date, until: Date): Promise<EndingSubscriptionRow[]> {
  return queryRows<EndingSubscriptionRow>(
    db,
    sql`select * from (
          select u.id, u.username, u.email, u.status, s.type, p.name as package_name, s.expires_at,
                 case
                   when not coalesce(o.provider = 'payhere' or (o.provider = 'paypal' and o.gateway_subscription_id is not null), false)
                     then 'not-renewing'
                   when coalesce(o.gateway_subscription_status, 'active') = 'active' then 'renewing'
                   when o.gateway_subscription_status = 'failed' then 'past-due'
                   else 'cancelled'
                 end as state
          from subscriptions s join users u on u.id = s.user_id join packages p on p.id = s.package_id
          left join orders o on o.id = s.order_id
          where s.expires_at > ${from} and s.expires_at <= ${until}
        ) ending
        where state <> 'renewing'
        order by expires_at, id
        limit 500`,
  );
}

/** The newest websites of any user, in the one website shape (website-fields.ts) with their owners. */
export async function newestWebsites(db: Executor, limit: number): Promise<WebsiteSource[]> {
  const rows = await queryRows<{ website: Omit<WebsiteSource, 'ownerEmail' | 'ownerUsername'>; email: string; username: string }>(
    db,
    sql`select ${websiteJson('w')} as website, u.email, u.username
        from websites w join users u on u.id = w.user_id
        order by w.created_at desc, w.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({ ...r.website, ownerEmail: r.email, ownerUsername: r.username }));
}

export interface UsersPageFilters {
  page: number;
  size: number;
  search: string;
  status?: string | undefined;
  subscription?: 'active' | 'expired' | 'none' | undefined;
  package?: string | undefined;
}

export interface UsersPageRow {
  id: number;
  username: string;
  email: string;
  status: string;
  package_id: string | null;
  package_name: string | null;
  expires_at: string | null;
  two_factor: boolean;
  websites: { id: number; url: string; status: string; type: string; ninehits_state: string | null }[];
}

/**
 * From this offset on, a page is found from the nearer end of the list: the count is taken first,
 * and a page past the middle walks the index backwards. Walking to offset 80,000 of 100,000 cost
 * 15-22 ms, from the other end 20,000 entries cost a quarter of that (docs/performance.md); below
 * this offset the walk is cheaper than waiting for the count before it.
 */
export const FAR_PAGE_OFFSET = 10_000;

/**
 * A text search (three characters or more: the trigram indexes) that matches at most this many
 * customers gets its page by sorting its matches, which the trigram indexes find. The planner
 * cannot tell: it estimates hundreds of matches where there are a few, and walks the whole list in
 * username order to find them, testing each name (130-240 ms for "grace.turing4" on 100,000
 * users, against 1 ms for its count). So the count is taken first, and decides.
 */
export const FEW_MATCHES = 2_000;

/**
 * "No subscription of this type", written as the partial indexes users_without_*_idx (migration
 * 0028) state it: the planner uses such an index only for a predicate it can match, so the type is
 * part of the text, not a parameter. users.subscribed_types is kept by a trigger on subscriptions.
 */
const WITHOUT_SUBSCRIPTION: Record<PackageType, SQL> = {
  normal: sql`not ('normal' = any (u.subscribed_types))`,
  seo: sql`not ('seo' = any (u.subscribed_types))`,
};

/**
 * One page of customers with that type's subscription and websites, and the count of all that
 * match. Filtering, counting and paging happen in the database, so the screen stays fast with
 * 100,000 users (docs/performance.md): the page's ids come from an index-only walk in username order
 * (users_listing_idx), the subscription and websites only for those ids, and the count, which
 * touches no more than the filters need, runs beside it. A page past FAR_PAGE_OFFSET, or a text
 * search, waits for the count: to walk from the nearer end, or to sort a search's few matches.
 */
export async function usersPage(
  db: Executor,
  type: PackageType,
  q: UsersPageFilters,
  now: Date,
  limits = { farPageOffset: FAR_PAGE_OFFSET, fewMatches: FEW_MATCHES },
): Promise<{ total: number; rows: UsersPageRow[] }> {
  const conditions: SQL[] = [sql`u.role = 'ROLE_USER'`];
  if (q.search) {
    conditions.push(userContains('u', q.search));
  }
  if (q.status) conditions.push(sql`u.status = ${q.status}`);
  // A subscription filter other than 'none' needs the subscription: an inner join says so.
  const joinSubscription = q.subscription === 'active' || q.subscription === 'expired' || !!q.package;
  conditions.push(...subscriptionConditions(q, now));
  if (q.subscription === 'none') conditions.push(WITHOUT_SUBSCRIPTION[type]);
  const where = sql.join(conditions, sql` and `);
  const from = joinSubscription ? sql`from users u join subscriptions s on s.user_id = u.id and s.type = ${type}` : sql`from users u`;
  const count = () =>
    queryRows<{ total: number }>(
      db,
      joinSubscription && !q.search ? subscriptionsCount(type, q, now) : sql`select count(*)::int as total ${from} where ${where}`,
    ).then(([row]) => row?.total ?? 0);
  /*
   * The page's ids: walked in username order (or backwards, for a page nearer the end), or sorted
   * from every match (`materialized`: the matches are found first, by the trigram indexes, and
   * only they are sorted). Then the page's rows, in order.
   */
  const rows = (walk: { backwards: boolean; limit: number; offset: number; sortMatches?: boolean }) => {
    const order = sql`order by sort_key ${walk.backwards ? sql`desc` : sql`asc`} limit ${walk.limit} offset ${walk.offset}`;
    const page = walk.sortMatches
      ? sql`matching as materialized (select u.id, lower(u.username) as sort_key ${from} where ${where}),
            page as (select id, sort_key from matching ${order})`
      : sql`page as (select u.id, lower(u.username) as sort_key ${from} where ${where} ${order})`;
    return queryRows<UsersPageRow>(
      db,
      sql`with ${page}
          select u.id, u.username, u.email, u.status, s.package_id, p.name as package_name, s.expires_at,
            u.totp_enabled_at is not null as two_factor,
            coalesce((select json_agg(json_build_object('id', w.id, 'url', w.url, 'status', w.status, 'type', w.type, 'ninehits_state', w.ninehits_state) order by w.id)
                      from websites w where w.user_id = u.id and w.type = ${type}), '[]'::json) as websites
          from page join users u on u.id = page.id
          left join subscriptions s on s.user_id = u.id and s.type = ${type}
          left join packages p on p.id = s.package_id
          order by page.sort_key`,
    );
  };
  const offset = q.page * q.size;
  const textSearch = [...q.search].length >= 3;
  if (offset < limits.farPageOffset && !textSearch) {
    const [total, page] = await Promise.all([count(), rows({ backwards: false, limit: q.size, offset })]);
    return { total, rows: page };
  }
  const total = await count();
  if (offset >= total) return { total, rows: [] };
  // Usernames are unique (case aside: users_username_lower_uq), so both directions give the same order.
  const walk =
    offset > total / 2 && offset >= limits.farPageOffset
      ? { backwards: true, limit: Math.min(q.size, total - offset), offset: Math.max(total - offset - q.size, 0) }
      : { backwards: false, limit: q.size, offset };
  return { total, rows: await rows({ ...walk, sortMatches: textSearch && total <= limits.fewMatches }) };
}

/** What the subscription filters (active, expired, a package) ask of the subscription `s`. */
function subscriptionConditions(q: UsersPageFilters, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (q.subscription === 'active') conditions.push(sql`s.expires_at > ${now}`);
  if (q.subscription === 'expired') conditions.push(sql`s.expires_at <= ${now}`);
  if (q.package) conditions.push(sql`s.package_id = ${q.package}`);
  return conditions;
}

/**
 * The total of a subscription filter without a text search, from the subscriptions alone: each
 * carries its holder's status when the holder is a customer (subscriptions.customer_status, migration
 * 0031), so the count is an index-only walk of subscriptions_customer_cover_idx. Joining the users
 * instead matched every active customer against the subscriptions (27-40 ms on 100,000 customers).
 */
function subscriptionsCount(type: PackageType, q: UsersPageFilters, now: Date): SQL {
  const conditions: SQL[] = [
    sql`s.type = ${type}`,
    q.status ? sql`s.customer_status = ${q.status}` : sql`s.customer_status is not null`,
    ...subscriptionConditions(q, now),
  ];
  return sql`select count(*)::int as total from subscriptions s where ${sql.join(conditions, sql` and `)}`;
}

/** Customers whose username, name or email contains the text (20 at most, by username). */
export function searchCustomers(
  db: Executor,
  text: string,
): Promise<{ id: number; username: string; first_name: string; last_name: string }[]> {
  const pattern = containsPattern(text);
  return queryRows(
    db,
    sql`select id, username, first_name, last_name from users
        where role = 'ROLE_USER' and (username ilike ${pattern} or email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})
        order by lower(username) limit 20`,
  );
}

/** One notification to each of these users that exists, in one statement; answers how many were written. */
export async function notifyUsers(db: Executor, userIds: number[], title: string, body: string, now: Date): Promise<number> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, title, body, created_at)
        select id, ${title}, ${body}, ${now} from users where id in (${ids})
        returning id`,
  );
  return rows.length;
}

/** One notification to every customer, in one statement; answers how many were written. */
export async function notifyAllCustomers(db: Executor, title: string, body: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ sent: number }>(
    db,
    sql`with inserted as (
          insert into notifications (user_id, title, body, created_at)
          select id, ${title}, ${body}, ${now} from users where role = 'ROLE_USER'
          returning 1)
        select count(*)::int as sent from inserted`,
  );
  return row?.sent ?? 0;
}

/** A job that gave up, locked for the rest of the transaction (what the audit log names on Retry). */
export async function lockFailedJob(db: Executor, id: number): Promise<{ id: number; kind: string; attempts: number } | undefined> {
  const [row] = await queryRows<{ id: number; kind: string; attempts: number }>(
    db,
    sql`select id, kind, attempts from jobs where id = ${id} and failed_at is not null for update`,
  );
  return row ? { ...row, id: Number(row.id) } : undefined;
}
