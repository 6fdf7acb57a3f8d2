import type { PackageType } from '@traffic/shared/constants';
import type { TypeStats, User } from '@traffic/shared/schemas/accounts.schema';

export const statsOf = (user: User, type: PackageType): TypeStats => user.stats[type];

/** docs/product.md section 5: Add is offered only when both hits and slots are left. */
export const canAddWebsite = (stats: TypeStats): boolean => stats.availableHits > 0 && stats.availableSlots > 0;

export const websitesOf = (user: User, type: PackageType) => user.websites.filter((w) => w.type === type);
