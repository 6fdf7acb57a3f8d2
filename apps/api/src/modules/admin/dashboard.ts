import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { EXPIRY_WARNING_DAYS, LATEST_WEBSITES_COUNT, type Website } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { presentWebsite } from '../accounts/user.presenter.ts';
import type { WebsiteJson } from '../accounts/user-view.repository.ts';

/** GET admin/users: the number of customer accounts. */
export async function countUsers(ctx: AppContext): Promise<{ count: number }> {
  const [row] = await queryRows<{ count: number }>(ctx.db, sql`select count(*)::int as count from users where role = 'ROLE_USER'`);
  return { count: row?.count ?? 0 };
}

/** GET admin/websites: the number of websites. */
export async function countWebsites(ctx: AppContext): Promise<{ count: number }> {
  const [row] = await queryRows<{ count: number }>(ctx.db, sql`select count(*)::int as count from websites`);
  return { count: row?.count ?? 0 };
}

/** GET admin/expire: subscriptions (either type) that end within the next 30 days, soonest first. */
export async function expiringUsers(ctx: AppContext) {
  const now = ctx.now();
  const until = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000);
  const rows = await queryRows<{
    id: number;
    username: string;
    email: string;
    status: string;
    type: string;
    package_name: string;
    expires_at: string;
  }>(
    ctx.db,
    sql`select u.id, u.username, u.email, u.status, s.type, p.name as package_name, s.expires_at
        from subscriptions s join users u on u.id = s.user_id join packages p on p.id = s.package_id
        where s.expires_at > ${now} and s.expires_at <= ${until}
        order by s.expires_at, u.id
        limit 500`,
  );
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    status: r.status,
    type: r.type,
    package_name: r.package_name,
    subscription_expiry_date: new Date(r.expires_at).toISOString(),
  }));
}

/** GET admin/latest-websites: the newest ten websites of any user. */
export async function latestWebsites(ctx: AppContext): Promise<Website[]> {
  const rows = await queryRows<WebsiteJson & { email: string; username: string }>(
    ctx.db,
    sql`select w.id, w.user_id, w.type, w.url, w.title, w.search_engine, w.daily_hit_limit, w.traffic_source, w.traffic_source_type,
               w.bounce_rate_reduction, w.geolocation_type, w.status, w.ninehits_key, w.ninehits_state, u.email, u.username,
               (select array_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = w.id) as locations
        from websites w join users u on u.id = w.user_id
        order by w.created_at desc, w.id desc
        limit ${LATEST_WEBSITES_COUNT}`,
  );
  return rows.map((r) => presentWebsite(r, r));
}
