import type { AllUsersPage, PackageType } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { usersPage, type UsersPageFilters } from './admin.repository.ts';

export type ListUsersQuery = UsersPageFilters;

/** GET admin/all-users/{type}: one page of customers with that type's subscription and websites. */
export async function listUsers(ctx: AppContext, type: PackageType, q: ListUsersQuery): Promise<AllUsersPage> {
  const { total, rows } = await usersPage(ctx.db, type, q, ctx.now());
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      status: r.status,
      package_id: r.package_id,
      package_name: r.package_name,
      subscription_expiry_date: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      two_factor: r.two_factor,
      websites: r.websites,
    })),
  };
}
