import type { AddonPackage, Package, PackageType } from '@traffic/shared';
import type { AddonRow } from './catalogue.repository.ts';
import type { PackageSource } from './package-fields.ts';

/** Maps rows to the wire names (docs/product.md section 3). */
export function presentPackage(row: PackageSource): Package {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    description: row.description,
    type: row.type as PackageType,
    hits_per_day: row.hitsPerDay,
    slots: row.slots,
  };
}

export function presentAddon(row: AddonRow): AddonPackage {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    count: row.count,
    type: row.type as PackageType,
  };
}
