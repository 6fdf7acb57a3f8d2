import { countryNameByCode, type Website } from '@traffic/shared';
import type { WebsiteWithLocations } from './websites.repository.ts';

/** The Website of docs/product.md section 3 (wire names), with its owner's email and username. */
export function presentWebsiteRow(w: WebsiteWithLocations): Website {
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
