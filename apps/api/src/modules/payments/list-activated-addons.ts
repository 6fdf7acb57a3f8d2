import type { ActivatedAddonsPage } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { addonHoldersPage, type AddonHolderRow } from './orders.repository.ts';

/**
 * The admin's "Package details" table: users holding activated add-ons with those add-ons, paged and
 * searched (username or email) in the database (orders.repository.ts, addonHoldersPage).
 */
export async function listActivatedAddons(
  ctx: AppContext,
  q: { page: number; size: number; search: string },
): Promise<ActivatedAddonsPage> {
  const { total, rows } = await addonHoldersPage(ctx.db, q);
  const present = (r: AddonHolderRow, kind: string) =>
    r.addons
      .filter((a) => a.kind === kind)
      .map((a) => ({ id: a.id, name: a.name, count: a.count, type: a.type, expiry_date: new Date(a.expiresAt).toISOString() }));
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
