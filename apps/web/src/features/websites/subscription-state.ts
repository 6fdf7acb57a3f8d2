import { isSubscriptionActive } from '@traffic/shared/capacity';
import type { PackageType } from '@traffic/shared/constants';
import type { TypeStats, User } from '@traffic/shared/schemas/accounts.schema';

/** docs/product.md section 4: expired when the end date of that type is not in the future (none counts as expired). */
export function isSubscriptionExpired(user: User, type: PackageType, now = new Date()): boolean {
  const end = type === 'normal' ? user.subscription_expiry_date : user.seo_subscription_expiry_date;
  return !isSubscriptionActive(end ? new Date(end) : null, now);
}

export const statsOf = (user: User, type: PackageType): TypeStats => user.stats[type];

/** docs/product.md section 5: Add is offered only when both hits and slots are left. */
export const canAddWebsite = (stats: TypeStats): boolean => stats.availableHits > 0 && stats.availableSlots > 0;

export const websitesOf = (user: User, type: PackageType) => user.websites.filter((w) => w.type === type);
