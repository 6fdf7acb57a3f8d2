import { macroFor } from './campaign-macros.ts';
import type { CampaignFields, HourBucket } from './ninehits-client.ts';

export interface WebsiteForDelivery {
  id: number;
  url: string;
  type: string;
  searchEngine: string | null;
  dailyHitLimit: number;
  trafficSource: string;
  trafficSourceType: string;
  bounceRateReduction: boolean;
  geolocationType: string;
  status: string;
  countryCodes: string[];
}

const SOCIAL_URLS: Record<string, string> = {
  Youtube: 'https://www.youtube.com/',
  Facebook: 'https://www.facebook.com/',
  Reddit: 'https://www.reddit.com/',
  Twitter: 'https://twitter.com/',
  VKontakte: 'https://vk.com/',
  Instagram: 'https://www.instagram.com/',
  LinkedIn: 'https://www.linkedin.com/',
  Tumblr: 'https://www.tumblr.com/',
};

/**
 * The campaign title is our handle at 9Hits: it finds a campaign whose id we failed to store.
 * 9Hits only searches titles by substring, so the id is closed on both sides: no other website's
 * title contains `traffic-site-1-campaign` (the old form, `traffic-site-1`, is contained in
 * `traffic-site-10` and 111,110 other titles of a 300,000-campaign account). Decision 0028.
 */
export const campaignTitle = (websiteId: number) => `traffic-site-${websiteId}-campaign`;

/** The website id in a title of the first form (`traffic-site-{id}`), which campaign-titles.ts renames; else undefined. */
export function legacyTitleSite(title: string): number | undefined {
  const id = /^traffic-site-(\d{1,9})$/.exec(title)?.[1];
  return id === undefined ? undefined : Number(id);
}

/** A 9Hits hour with no views at all (documented: 0 is "no limit", -1 "no views"). */
const NO_VIEWS: HourBucket = { min: -1, max: -1 };

/**
 * Spreads a daily limit over the 24 hourly buckets so that their maxima add up to exactly that
 * limit: every hour gets the whole part of limit/24 and the remainder goes one each to hours spread
 * evenly over the day (100/day: 4 hours of 5 and 20 hours of 4). An hour left with nothing (limits
 * under 24) is closed with -1, since 0 would mean "no limit" to 9Hits.
 */
export function spreadDailyLimit(daily: number): HourBucket[] {
  const base = Math.floor(daily / 24);
  const extra = daily % 24;
  return Array.from({ length: 24 }, (_, hour) => {
    const views = base + Math.floor(((hour + 1) * extra) / 24) - Math.floor((hour * extra) / 24);
    return views > 0 ? { min: views, max: views } : { ...NO_VIEWS };
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The panel's date format, "YYYY/MM/DD HH:mm:ss", in UTC (decision 0017). */
export function panelDate(d: Date): string {
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** How long a viewer stays: long enough for the macro to finish (at most 600 s). */
function durationOf(w: WebsiteForDelivery): [number, number] {
  if (w.bounceRateReduction) return [60, 180];
  if (w.trafficSource === 'Organic') return [45, 90];
  return [20, 40];
}

/**
 * Maps a website to every campaign field the product sets, each with its documented empty value
 * when unused (all countries, direct traffic, no macro), so that a siteUpdate carrying the whole
 * object also clears what the customer turned off. `paidUntil` is the end of the paid period.
 */
export function toCampaign(w: WebsiteForDelivery, paidUntil: Date): CampaignFields {
  const referrer =
    w.trafficSource === 'Referal' ? w.trafficSourceType : w.trafficSource === 'Social' ? SOCIAL_URLS[w.trafficSourceType] : undefined;
  const specific = w.geolocationType === 'Specific Countries' && w.countryCodes.length > 0;
  return {
    title: campaignTitle(w.id),
    urls: [w.url],
    isAdult: false,
    hasCoinMining: false,
    duration: durationOf(w),
    referrers: { mode: 'basic', urls: referrer ? [referrer] : [] },
    geo: specific ? { rule: 'any', by: 'country', codes: [...w.countryCodes] } : { rule: 'all', by: 'country', codes: null },
    hourlyLimit: { speed: 'fast', hours: spreadDailyLimit(w.dailyHitLimit) },
    maxHits: 0,
    untilDate: panelDate(paidUntil),
    userState: w.status === 'ACTIVE' ? 'running' : 'paused',
    adSafe: 'google-ads',
    macros: macroFor(w),
  };
}
