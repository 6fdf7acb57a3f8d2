/** The target countries of docs/product.md section 9, by region, with ISO 3166-1 alpha-2 codes (9Hits geo codes). */

export interface TargetCountry {
  code: string;
  name: string;
}

export const TARGET_REGIONS = [
  {
    region: 'North America',
    countries: [
      { code: 'CA', name: 'Canada' },
      { code: 'US', name: 'United States' },
      { code: 'MX', name: 'Mexico' },
    ],
  },
  {
    region: 'Europe',
    countries: [
      { code: 'BG', name: 'Bulgaria' },
      { code: 'GR', name: 'Greece' },
      { code: 'NO', name: 'Norway' },
      { code: 'CH', name: 'Switzerland' },
      { code: 'SE', name: 'Sweden' },
      { code: 'AT', name: 'Austria' },
      { code: 'PL', name: 'Poland' },
      { code: 'FR', name: 'France' },
      { code: 'DE', name: 'Germany' },
      { code: 'IT', name: 'Italy' },
      { code: 'NL', name: 'Netherlands' },
      { code: 'RO', name: 'Romania' },
      { code: 'RU', name: 'Russia' },
      { code: 'ES', name: 'Spain' },
      { code: 'TR', name: 'Turkey' },
      { code: 'UA', name: 'Ukraine' },
      { code: 'GB', name: 'United Kingdom' },
    ],
  },
  {
    region: 'South America',
    countries: [
      { code: 'BR', name: 'Brazil' },
      { code: 'CO', name: 'Colombia' },
      { code: 'AR', name: 'Argentina' },
    ],
  },
  {
    region: 'Africa',
    countries: [
      { code: 'ZA', name: 'South Africa' },
      { code: 'EG', name: 'Egypt' },
    ],
  },
  {
    region: 'Asia',
    countries: [
      { code: 'IN', name: 'India' },
      { code: 'MY', name: 'Malaysia' },
      { code: 'HK', name: 'Hong Kong' },
      { code: 'AE', name: 'UAE' },
      { code: 'PK', name: 'Pakistan' },
      { code: 'ID', name: 'Indonesia' },
      { code: 'JP', name: 'Japan' },
      { code: 'SG', name: 'Singapore' },
      { code: 'KR', name: 'South Korea' },
      { code: 'TW', name: 'Taiwan' },
      { code: 'TH', name: 'Thailand' },
      { code: 'VN', name: 'Vietnam' },
    ],
  },
  { region: 'Australia', countries: [{ code: 'AU', name: 'Australia' }] },
] as const satisfies readonly { region: string; countries: readonly TargetCountry[] }[];

/** The admin's View website screen also lists these (docs/product.md section 2, View website). */
export const VIEW_ONLY_EXTRA_COUNTRIES = [
  { region: 'Europe', country: { code: 'PT', name: 'Portugal' } },
  { region: 'Africa', country: { code: 'MA', name: 'Morocco' } },
] as const;

export const TARGET_COUNTRIES: readonly TargetCountry[] = TARGET_REGIONS.flatMap((r): readonly TargetCountry[] => r.countries);

const ALL_KNOWN = [...TARGET_COUNTRIES, ...VIEW_ONLY_EXTRA_COUNTRIES.map((e) => e.country)];
export const countryNameByCode = new Map<string, string>(ALL_KNOWN.map((c) => [c.code, c.name]));
export const countryCodeByName = new Map<string, string>(ALL_KNOWN.map((c) => [c.name, c.code]));
