import { splitKeywords } from '@traffic/shared';
import type { Campaign } from './ninehits-client.ts';

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

const SEARCH_URLS: Record<string, string> = {
  google: 'https://www.google.com/search?q=',
  youtube: 'https://www.youtube.com/results?search_query=',
  fiverr: 'https://www.fiverr.com/search/gigs?query=',
  'google.com.au': 'https://www.google.com.au/search?q=',
  'google.nl': 'https://www.google.nl/search?q=',
  'google.co.uk': 'https://www.google.co.uk/search?q=',
  'google.ca': 'https://www.google.ca/search?q=',
  'google.it': 'https://www.google.it/search?q=',
  'google.co.in': 'https://www.google.co.in/search?q=',
  'google.es': 'https://www.google.es/search?q=',
};

/** The campaign title is our stable handle at 9Hits: it finds a campaign whose id we failed to store. */
export const campaignTitle = (websiteId: number) => `traffic-site-${websiteId}`;

/**
 * Our own fixed, vetted macros (INTEGRATIONS.md section 3): customers never supply macro code; their
 * keywords enter only as JSON string literals, so they cannot change what the macro does.
 */
function macroFor(w: WebsiteForDelivery): string | null {
  const steps: string[] = [];
  if (w.trafficSource === 'Organic') {
    const keywords = splitKeywords(w.trafficSourceType);
    const search = SEARCH_URLS[w.searchEngine ?? 'google'] ?? SEARCH_URLS.google!;
    steps.push(`const keywords = ${JSON.stringify(keywords)};`);
    steps.push(`const keyword = keywords[Math.floor(Math.random() * keywords.length)];`);
    steps.push(`await Navigate(${JSON.stringify(search)} + encodeURIComponent(keyword));`);
    steps.push(`await ClickLinkTo(${JSON.stringify(w.url)});`);
  }
  if (w.bounceRateReduction) {
    steps.push('await ScrollPage({ times: 3, pauseMs: [2000, 6000] });');
    steps.push('await ClickRandomInternalLink({ times: [1, 3], pauseMs: [5000, 15000] });');
  }
  return steps.length ? steps.join('\n') : null;
}

/** Maps a website to the 9Hits campaign fields we use; the daily limit is spread over 24 hours. */
export function toCampaign(w: WebsiteForDelivery): Campaign {
  const referrer = w.trafficSource === 'Referal' ? w.trafficSourceType : w.trafficSource === 'Social' ? SOCIAL_URLS[w.trafficSourceType] : undefined;
  return {
    title: campaignTitle(w.id),
    urls: [w.url],
    isAdult: false,
    hasCoinMining: false,
    duration: w.bounceRateReduction ? [60, 180] : [20, 40],
    referrers: referrer ? { mode: 'basic', urls: [referrer] } : null,
    geo: w.geolocationType === 'Specific Countries' && w.countryCodes.length ? { rule: 'any', by: 'country', codes: w.countryCodes } : null,
    hourlyLimit: Math.max(1, Math.ceil(w.dailyHitLimit / 24)),
    userState: w.status === 'ACTIVE' ? 'running' : 'paused',
    adSafe: 'google-ads',
    macros: macroFor(w),
  };
}
