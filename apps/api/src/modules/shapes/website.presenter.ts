import { countryNameByCode, type Website } from '@traffic/shared';
import type { WebsiteSource } from './website-fields.ts';

/**
 * The one Website presenter (docs/product.md section 3, wire names), used by every answer that
 * carries a website: the websites calls, the user object and the admin's newest websites.
 */
export function presentWebsite(w: WebsiteSource): Website {
  return {
    id: w.id,
    url: w.url,
    title: w.title,
    search_engine: w.searchEngine,
    daily_hit_limit: w.dailyHitLimit,
    traffic_source: w.trafficSource,
    traffic_source_type: w.trafficSourceType,
    bounce_rate_reduction: w.bounceRateReduction,
    geolocation_type: w.geolocationType,
    locations: w.countryCodes.map((code) => ({ code, geolocation: countryNameByCode.get(code) ?? code })),
    status: w.status,
    type: w.type,
    ninehits_key: w.ninehitsKey,
    ninehits_state: w.ninehitsState,
    user_id: w.userId,
    email: w.ownerEmail,
    username: w.ownerUsername,
  };
}
