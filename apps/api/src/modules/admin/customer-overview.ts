import { USER_STATUSES, type CustomerOverview, type UserStatus } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { listOpenSessions } from '../accounts/index.ts';
import { billingTypesOf } from '../billing/index.ts';
import { findCustomer, runningAddons, websitesWithDelivery } from './customer.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const statusOf = (value: string): UserStatus =>
  ((USER_STATUSES as readonly string[]).find((s) => s === value) as UserStatus | undefined) ?? 'INACTIVE';

/**
 * GET admin/customers/{id}: the admin's customer page in one answer (payments and audit events are
 * paged by their own endpoints). An id that is not a customer's answers 404.
 */
export async function customerOverview(ctx: AppContext, id: number): Promise<CustomerOverview> {
  const user = await findCustomer(ctx.db, id);
  if (!user) throw new AppError('NOT_FOUND', 'No customer has this id.');
  const now = ctx.now();
  const [subscriptions, addons, websites, sessions] = await Promise.all([
    billingTypesOf(ctx, id),
    runningAddons(ctx.db, id, now),
    websitesWithDelivery(ctx.db, id, now.toISOString().slice(0, 10)),
    listOpenSessions(ctx.db, id, now),
  ]);
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      fullName: `${user.first_name} ${user.last_name}`.trim(),
      phoneNumber: user.phone_number,
      address: user.address,
      city: user.city,
      country: user.country,
      role: user.role,
      status: statusOf(user.status),
      createdAt: iso(user.created_at),
      twoFactor: user.two_factor,
    },
    subscriptions,
    addons: addons.map((a) => ({
      id: a.id,
      kind: a.kind === 'slots' ? 'slots' : 'hits',
      type: a.type === 'seo' ? 'seo' : 'normal',
      name: a.name,
      count: a.count,
      expiresAt: iso(a.expires_at),
    })),
    websites: websites.map((w) => ({
      id: w.id,
      url: w.url,
      type: w.type === 'seo' ? 'seo' : 'normal',
      status: w.status,
      dailyHitLimit: w.daily_hit_limit,
      ninehitsState: w.ninehits_state,
      pausedBySystem: w.paused_by_system,
      deliveredLastDay: w.last_day_hits,
      lastDay: w.last_day,
      delivered30Days: w.hits_30_days,
    })),
    sessions: sessions.map((s) => ({ id: s.id, device: s.device, ip: s.ip, createdAt: iso(s.createdAt), lastSeenAt: iso(s.lastSeenAt) })),
  };
}
