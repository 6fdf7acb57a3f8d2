import { EXPIRY_WARNING_DAYS, LATEST_WEBSITES_COUNT, type Website } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { presentWebsite } from '../shapes/index.ts';
import * as admin from './admin.repository.ts';

/** GET admin/users: the number of customer accounts. */
export async function countUsers(ctx: AppContext): Promise<{ count: number }> {
  return { count: await admin.countCustomers(ctx.db) };
}

/** GET admin/websites: the number of websites. */
export async function countWebsites(ctx: AppContext): Promise<{ count: number }> {
  return { count: await admin.countWebsites(ctx.db) };
}

/** GET admin/expire: subscriptions (either type) that will end within the next 30 days (not those that renew), soonest first. */
export async function expiringUsers(ctx: AppContext) {
  const now = ctx.now();
  const until = new Date(now.getTime() + EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000);
  const rows = await admin.subscriptionsEnding(ctx.db, now, until);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    status: r.status,
    type: r.type,
    package_name: r.package_name,
    subscription_expiry_date: new Date(r.expires_at).toISOString(),
    state: r.state,
  }));
}

/** GET admin/latest-websites: the newest ten websites of any user. */
export async function latestWebsites(ctx: AppContext): Promise<Website[]> {
  return (await admin.newestWebsites(ctx.db, LATEST_WEBSITES_COUNT)).map(presentWebsite);
}
