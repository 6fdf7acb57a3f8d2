import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { ActivatedAddonsPage } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';

interface Row {
  user_id: number;
  username: string;
  email: string;
  addons: { id: number; kind: string; name: string; count: number; type: string; expires_at: string }[];
}

/**
 * The admin's "Package details" table: users holding activated add-ons with those add-ons, paged and
 * searched (username or email) in the database. The holders are the users whose addon_count (kept
 * by a trigger) is above 0: a page is a walk of the partial index users_addon_holders_idx in
 * username order, however deep; only that page's add-ons are read, and the count runs beside it.
 */
export async function listActivatedAddons(
  ctx: AppContext,
  q: { page: number; size: number; search: string },
): Promise<ActivatedAddonsPage> {
  const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Holders are the users whose addon_count is above 0. A search of 3 characters or more goes
  // through the trigram indexes, which narrow the users far better than testing every holder's name
  // (ILIKE costs ~2 µs a row: 50 ms over 25,000 holders, 5 ms through the trigrams); `addon_count + 0`
  // keeps the planner off the holders' partial index. A shorter search (or none) has no trigram to
  // look up: it walks the holders alone, through that index.
  const holder = q.search.length >= 3 ? sql`u.addon_count + 0 > 0` : sql`u.addon_count > 0`;
  const matching = q.search ? sql` and (u.username ilike ${pattern} or u.email ilike ${pattern})` : sql``;
  const holders = sql`from users u where ${holder}${matching}`;
  const [[countRow], rows] = await Promise.all([
    queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n ${holders}`),
    queryRows<Row>(
      ctx.db,
      sql`
        with page as (
          select u.id, u.username, u.email ${holders}
          order by lower(u.username), u.id
          limit ${q.size} offset ${q.page * q.size}
        )
        select h.id as user_id, h.username, h.email,
          (select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'name', a.name, 'count', a.count, 'type', a.type, 'expires_at', a.expires_at) order by a.expires_at)
             from activated_addons a where a.user_id = h.id) as addons
        from page h
        order by lower(h.username), h.id`,
    ),
  ]);
  const present = (r: Row, kind: string) =>
    r.addons
      .filter((a) => a.kind === kind)
      .map((a) => ({ id: a.id, name: a.name, count: a.count, type: a.type, expiry_date: new Date(a.expires_at).toISOString() }));
  return {
    total: countRow?.n ?? 0,
    rows: rows.map((r) => ({
      user_id: r.user_id,
      username: r.username,
      email: r.email,
      activatedadditionalhits: present(r, 'hits'),
      activatedadditionalslots: present(r, 'slots'),
    })),
  };
}
