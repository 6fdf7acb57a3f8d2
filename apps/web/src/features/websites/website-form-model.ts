import {
  GEOLOCATION_TYPES,
  MAX_KEYWORDS,
  SEARCH_ENGINES,
  SOCIAL_NETWORKS,
  TRAFFIC_SOURCES,
  type GeolocationType,
  type PackageType,
  type SearchEngine,
  type TrafficSource,
} from '@traffic/shared/constants';
import { countryCodeByName } from '@traffic/shared/countries';
import { MSG } from '@traffic/shared/messages';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { isValidWebsiteUrl, splitKeywords } from '@traffic/shared/schemas/websites.schema';
import type { FormFailure } from '../../lib/form-resolver.ts';

/** What the website form edits. `type` picks the variant: normal, or the search-engine form of every other type. */
export interface WebsiteFormValues {
  url: string;
  dailyHitLimit: number;
  trafficSource: TrafficSource;
  /** One input per source; only the selected source's input is enabled and sent. */
  referral: string;
  keyword: string;
  social: string;
  bounceRateReduction: boolean;
  geolocationType: GeolocationType;
  /** ISO codes of the chosen countries (the API takes their names). */
  countries: string[];
  searchEngine: SearchEngine;
  title: string;
  keywords: string[];
}

/** A new website, or an existing one (its address then stays as it is). */
export type FormMode = 'create' | 'edit';

const isOneOf = <T extends string>(list: readonly T[], value: string | null | undefined): value is T =>
  value != null && (list as readonly string[]).includes(value);

/** docs/product.md section 4, "Website form defaults". */
export function defaultFormValues(dailyHitLimit: number): WebsiteFormValues {
  return {
    url: '',
    dailyHitLimit,
    trafficSource: TRAFFIC_SOURCES[0],
    referral: '',
    keyword: '',
    social: '',
    bounceRateReduction: true,
    geolocationType: GEOLOCATION_TYPES[0],
    countries: [],
    searchEngine: SEARCH_ENGINES[0],
    title: '',
    keywords: [],
  };
}

/** The form as a loaded website fills it. */
export function formValuesOf(website: Website): WebsiteFormValues {
  const source = isOneOf(TRAFFIC_SOURCES, website.traffic_source) ? website.traffic_source : TRAFFIC_SOURCES[0];
  const value = website.traffic_source_type ?? '';
  return {
    ...defaultFormValues(website.daily_hit_limit),
    url: website.url,
    trafficSource: source,
    referral: source === 'Referal' ? value : '',
    keyword: source === 'Organic' ? value : '',
    social: source === 'Social' ? value : '',
    bounceRateReduction: website.bounce_rate_reduction,
    geolocationType: isOneOf(GEOLOCATION_TYPES, website.geolocation_type) ? website.geolocation_type : GEOLOCATION_TYPES[0],
    countries: website.locations.map((l) => l.code || countryCodeByName.get(l.geolocation) || l.geolocation),
    searchEngine: isOneOf(SEARCH_ENGINES, website.search_engine) ? website.search_engine : SEARCH_ENGINES[0],
    title: website.title ?? '',
    keywords: website.type === 'normal' ? [] : splitKeywords(value),
  };
}

type Failure = FormFailure<WebsiteFormValues>;

function checkSource(values: WebsiteFormValues): Failure | null {
  switch (values.trafficSource) {
    case 'Direct':
      return null;
    case 'Referal': {
      const referral = values.referral.trim();
      if (!referral) return { field: 'referral', message: MSG.fillTheFields };
      return isValidWebsiteUrl(referral) ? null : { field: 'referral', message: MSG.invalidUrl };
    }
    case 'Organic':
      return values.keyword.trim() ? null : { field: 'keyword', message: MSG.fillTheFields };
    case 'Social':
      return isOneOf(SOCIAL_NETWORKS, values.social) ? null : { field: 'social', message: MSG.fillTheFields };
  }
}

/**
 * docs/product.md section 5 "Website add/edit", the first failure only, in the form's order, with the
 * server's wording: the address (add only), the non-normal title, the source's value, countries.
 */
export function checkWebsiteForm(values: WebsiteFormValues, type: PackageType, mode: FormMode): Failure | null {
  if (mode === 'create') {
    const url = values.url.trim();
    if (!url) return { field: 'url', message: MSG.fillRequired };
    if (!isValidWebsiteUrl(url)) return { field: 'url', message: MSG.invalidUrl };
  }
  if (type === 'normal') {
    const source = checkSource(values);
    if (source) return source;
  } else {
    if (!isOneOf(SEARCH_ENGINES, values.searchEngine)) return { field: 'searchEngine', message: MSG.fillRequired };
    if (!values.title.trim()) return { field: 'title', message: MSG.fillRequired };
    if (values.keywords.length === 0) return { field: 'keywords', message: MSG.fillTheFields };
    if (values.keywords.length > MAX_KEYWORDS) return { field: 'keywords', message: MSG.keywordLimit };
  }
  if (!(values.dailyHitLimit >= 1)) return { field: 'dailyHitLimit', message: MSG.fillRequired };
  if (values.geolocationType === 'Specific Countries' && values.countries.length === 0) {
    return { field: 'countries', message: MSG.selectCountry };
  }
  return null;
}
