import type { PackageChange } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { findPackage } from '../catalogue/index.ts';
import { websitesToPause } from './capacity-rule.ts';
import { capacityOf, websitesOfUser } from './websites.repository.ts';

/**
 * GET /api/billing/change/:id: before a customer pays for another package of a type, the capacity
 * it leaves (the package plus the running add-ons) and the websites the change would pause, by the
 * rule the reconciliation applies once it is paid (capacity-rule.ts). Pricing's confirmation step
 * names them (docs/decisions/0021).
 */
export async function packageChangePreview(ctx: AppContext, actor: AuthUser, packageId: string): Promise<PackageChange> {
  const pkg = await findPackage(ctx.db, packageId);
  if (!pkg) throw new AppError('NOT_FOUND', `No package ${packageId}.`);
  const type = pkg.type === 'seo' ? 'seo' : 'normal';
  const [capacity, sites] = await Promise.all([
    capacityOf(ctx.db, actor.id, type, ctx.now(), { hitsPerDay: pkg.hitsPerDay, slots: pkg.slots }),
    websitesOfUser(ctx.db, actor.id, type, 'oldest'),
  ]);
  const active = sites.filter((s) => s.status === 'ACTIVE');
  return {
    packageId: pkg.id,
    packageName: pkg.name,
    type,
    totalHits: capacity.totalHits,
    totalSlots: capacity.totalSlots,
    activeHits: active.reduce((sum, s) => sum + s.dailyHitLimit, 0),
    activeWebsites: active.length,
    pausing: websitesToPause(active, capacity).map((s) => ({ id: s.id, url: s.url, dailyHitLimit: s.dailyHitLimit })),
  };
}
