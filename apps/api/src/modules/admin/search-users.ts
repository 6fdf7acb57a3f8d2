import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';

/**
 * POST admin/search-users: customers whose username, name or email contains the text; fullName
 * with the slash replaced by a space (docs/product.md section 3).
 */
export async function searchUsers(ctx: AppContext, text: string): Promise<{ id: number; username: string; fullName: string }[]> {
  if (!text) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ id: number; username: string; first_name: string; last_name: string }>(
    ctx.db,
    sql`select id, username, first_name, last_name from users
        where role = 'ROLE_USER' and (username ilike ${pattern} or email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern})
        order by lower(username) limit 20`,
  );
  return rows.map((r) => ({ id: r.id, username: r.username, fullName: `${r.first_name} ${r.last_name}`.trim() }));
}
