import { TARGET_REGIONS, VIEW_ONLY_EXTRA_COUNTRIES, type TargetCountry } from '@traffic/shared/countries';

export interface RegionGroup {
  region: string;
  countries: readonly TargetCountry[];
}

/** docs/product.md section 9's target countries by region; the admin's view also lists Portugal and Morocco. */
export function countryRegions(withViewOnlyExtras: boolean): RegionGroup[] {
  if (!withViewOnlyExtras) return TARGET_REGIONS.map((r) => ({ region: r.region, countries: r.countries }));
  return TARGET_REGIONS.map((r) => ({
    region: r.region,
    countries: [...r.countries, ...VIEW_ONLY_EXTRA_COUNTRIES.filter((e) => e.region === r.region).map((e) => e.country)],
  }));
}
