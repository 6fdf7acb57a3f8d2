import { and, asc, eq, isNull } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { packages, addonPackages } = schema;

export type PackageRow = typeof packages.$inferSelect;
export type AddonRow = typeof addonPackages.$inferSelect;
export type AddonKind = 'hits' | 'slots';

export function findActivePackages(db: Executor): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(isNull(packages.deletedAt))
    .orderBy(asc(packages.type), asc(packages.price), asc(packages.id));
}

export function findActiveAddons(db: Executor, kind: AddonKind): Promise<AddonRow[]> {
  return db
    .select()
    .from(addonPackages)
    .where(and(eq(addonPackages.kind, kind), isNull(addonPackages.deletedAt)))
    .orderBy(asc(addonPackages.type), asc(addonPackages.price), asc(addonPackages.id));
}
