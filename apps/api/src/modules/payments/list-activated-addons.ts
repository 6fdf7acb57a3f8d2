import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { ActivatedAddonsPage } from '@traffic/shared';
import type { AppContext } from '../../http/context.ts';

interface Row {
  user_id: number;
  username: string;
  email: string;
  total: number;
  addons: { id: number; kind: string; name: string; count: number; type: string; expires_at: string }[];
}

/**
 * The admin's "Package details" table: users holding activated add-ons with those add-ons, paged and
 * searched (username or email) in the database, in one query.
 */
export async function listActivatedAddons(ctx: AppContext, q: { page: number; size: number; search: string }): Promise<ActivatedAddonsPage> {
  const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<Row>(
    ctx.db,
    sql`
      with holders as (
        select u.id, u.username, u.email from users u
        where exists (select 1 from activated_addons a where a.user_id = u.id)
          and (${q.search} = '' or u.username ilike ${pattern} or u.email ilike ${pattern})
      )
      select h.id as user_id, h.username, h.email, count(*) over ()::int as total,
        (select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'name', a.name, 'count', a.count, 'type', a.type, 'expires_at', a.expires_at) order by a.expires_at)
           from activated_addons a where a.user_id = h.id) as addons
      from holders h
      order by lower(h.username), h.id
      limit ${q.size} offset ${q.page * q.size}`,
  );
  const present = (r: Row, kind: string) =>
    r.addons.filter((a) => a.kind === kind).map((a) => ({ id: a.id, name: a.name, count: a.count, type: a.type, expiry_date: new Date(a.expires_at).toISOString() }));
  const total = rows[0]?.total ?? (q.page === 0 ? 0 : await countHolders(ctx, pattern, q.search));
  return {
    total,
    rows: rows.map((r) => ({
      user_id: r.user_id,
      username: r.username,
      email: r.email,
      activatedadditionalhits: present(r, 'hits'),
      activatedadditionalslots: present(r, 'slots'),
    })),
  };
}

/** A page past the end has no rows to carry the window count; the total still matters to the pager. */
async function countHolders(ctx: AppContext, pattern: string, search: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from users u where exists (select 1 from activated_addons a where a.user_id = u.id)
        and (${search} = '' or u.username ilike ${pattern} or u.email ilike ${pattern})`,
  );
  return row?.n ?? 0;
}
