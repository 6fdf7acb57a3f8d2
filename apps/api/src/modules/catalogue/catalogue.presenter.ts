import type { AddonPackage, Package, PackageType } from '@traffic/shared';
import type { AddonRow } from './catalogue.repository.ts';
import type { PackageSource } from './package-fields.ts';

/** What a package and an add-on both show first. */
const priced = <T extends { id: unknown; name: unknown; price: unknown }>(row: T): Pick<T, 'id' | 'name' | 'price'> => ({
  id: row.id,
  name: row.name,
  price: row.price,
});

/** Maps rows to the wire names (docs/product.md section 3). */
export function presentPackage(row: PackageSource): Package {
  return {
    ...priced(row),
    description: row.description,
    type: row.type as PackageType,
    hits_per_day: row.hitsPerDay,
    slots: row.slots,
  };
}

export function presentAddon(row: AddonRow): AddonPackage {
  return {
    ...priced(row),
    count: row.count,
    type: row.type as PackageType,
  };
}
