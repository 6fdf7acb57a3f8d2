import type { AppContext } from '../../core/context.ts';
import { searchCustomers } from './admin.repository.ts';

/**
 * POST admin/search-users: customers whose username, name or email contains the text; fullName
 * with the slash replaced by a space (docs/product.md section 3).
 */
export async function searchUsers(ctx: AppContext, text: string): Promise<{ id: number; username: string; fullName: string }[]> {
  if (!text) return [];
  const rows = await searchCustomers(ctx.db, text);
  return rows.map((r) => ({ id: r.id, username: r.username, fullName: `${r.first_name} ${r.last_name}`.trim() }));
}
