import type { BodyIn } from '@traffic/shared/contract/endpoint';
import type { websitesApi } from '@traffic/shared/contract/websites';
import type { PackageType, WebsiteStatus } from '@traffic/shared/constants';
import { countryNameByCode } from '@traffic/shared/countries';
import type { WebsiteFormValues } from './website-form-model.ts';

/** POST website's body; PUT website adds `id`. */
export type WebsiteBody = BodyIn<typeof websitesApi.create>;
export type UpdateWebsiteBody = BodyIn<typeof websitesApi.update>;

/** Who the website belongs to, as the body names them (the server takes the owner from the token). */
export interface WebsiteOwner {
  email: string;
  username: string;
  user_id: number;
}

function sourceValue(values: WebsiteFormValues): string {
  switch (values.trafficSource) {
    case 'Direct':
      return '';
    case 'Referal':
      return values.referral.trim();
    case 'Organic':
      return values.keyword.trim();
    case 'Social':
      return values.social;
  }
}

/**
 * The wire body of the form. A non-normal website is found through its keywords: it travels as
 * source 'Organic' with the keywords joined by commas, plus its title, type and search engine.
 */
export function toWebsiteBody(
  values: WebsiteFormValues,
  type: PackageType,
  owner: WebsiteOwner,
  status: WebsiteStatus = 'ACTIVE',
): WebsiteBody {
  const specific = values.geolocationType === 'Specific Countries';
  const common = {
    ...owner,
    url: values.url.trim(),
    bounce_rate_reduction: values.bounceRateReduction,
    daily_hit_limit: values.dailyHitLimit,
    geolocation_type: values.geolocationType,
    status,
    geolocations: specific ? values.countries.map((code) => countryNameByCode.get(code) ?? code) : [],
  };
  if (type === 'normal') return { ...common, traffic_source: values.trafficSource, traffic_source_type: sourceValue(values) };
  return {
    ...common,
    traffic_source: 'Organic',
    traffic_source_type: values.keywords.join(','),
    title: values.title.trim(),
    type,
    search_engine: values.searchEngine,
  };
}
