import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { AllUsersPage, PackageType } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';

export interface ListUsersQuery {
  page: number;
  size: number;
  search: string;
  status?: string | undefined;
  subscription?: 'active' | 'expired' | 'none' | undefined;
  package?: string | undefined;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET admin/all-users/{type}: one page of customers with that type's subscription and websites.
 * Filtering, counting and paging happen in the database, so the screen stays fast with 100,000
 * users (docs/performance.md): the page's ids come from an index-only walk in username order
 * (users_listing_idx), the subscription and websites only for those ids, and the count, which
 * touches no more than the filters need, runs beside it.
 */
export async function listUsers(ctx: AppContext, type: PackageType, q: ListUsersQuery): Promise<AllUsersPage> {
  const now = ctx.now();
  const conditions: SQL[] = [sql`u.role = 'ROLE_USER'`];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(sql`(u.username ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (q.status) conditions.push(sql`u.status = ${q.status}`);
  // A subscription filter other than 'none' needs the subscription: an inner join says so.
  const joinSubscription = q.subscription === 'active' || q.subscription === 'expired' || !!q.package;
  if (q.subscription === 'active') conditions.push(sql`s.expires_at > ${now}`);
  if (q.subscription === 'expired') conditions.push(sql`s.expires_at <= ${now}`);
  if (q.subscription === 'none')
    conditions.push(sql`not exists (select 1 from subscriptions n where n.user_id = u.id and n.type = ${type})`);
  if (q.package) conditions.push(sql`s.package_id = ${q.package}`);
  const where = sql.join(conditions, sql` and `);
  const from = joinSubscription ? sql`from users u join subscriptions s on s.user_id = u.id and s.type = ${type}` : sql`from users u`;

  const [[countRow], rows] = await Promise.all([
    queryRows<{ total: number }>(ctx.db, sql`select count(*)::int as total ${from} where ${where}`),
    queryRows<{
      id: number;
      username: string;
      email: string;
      status: string;
      package_id: string | null;
      package_name: string | null;
      expires_at: string | null;
      websites: { id: number; url: string; status: string; type: string; ninehits_state: string | null }[];
    }>(
      ctx.db,
      sql`with page as (
            select u.id, lower(u.username) as sort_key ${from}
            where ${where}
            order by lower(u.username)
            limit ${q.size} offset ${q.page * q.size}
          )
          select u.id, u.username, u.email, u.status, s.package_id, p.name as package_name, s.expires_at,
            coalesce((select json_agg(json_build_object('id', w.id, 'url', w.url, 'status', w.status, 'type', w.type, 'ninehits_state', w.ninehits_state) order by w.id)
                      from websites w where w.user_id = u.id and w.type = ${type}), '[]'::json) as websites
          from page join users u on u.id = page.id
          left join subscriptions s on s.user_id = u.id and s.type = ${type}
          left join packages p on p.id = s.package_id
          order by page.sort_key`,
    ),
  ]);
  return {
    total: countRow?.total ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      status: r.status,
      package_id: r.package_id,
      package_name: r.package_name,
      subscription_expiry_date: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      websites: r.websites,
    })),
  };
}
