/** Business constants of docs/product.md section 9, kept once for the server and the browser. */

export const PACKAGE_TYPES = ['normal', 'seo'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const DEFAULT_PACKAGE_TYPE: PackageType = 'normal';

export const ROLES = ['ROLE_USER', 'ROLE_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/**
 * docs/product.md section 10, "Accounts": INACTIVE until the first package, DEACTIVATED by an admin,
 * CLOSED for good by its owner or an admin at the owner's request (section 11, "Your data").
 */
export const USER_STATUSES = ['ACTIVE', 'INACTIVE', 'DEACTIVATED', 'CLOSED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const WEBSITE_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];

/** The product spells the referral source 'Referal'; it is part of the wire contract. */
export const TRAFFIC_SOURCES = ['Direct', 'Referal', 'Organic', 'Social'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];

export const SOCIAL_NETWORKS = ['Youtube', 'Facebook', 'Reddit', 'Twitter', 'VKontakte', 'Instagram', 'LinkedIn', 'Tumblr'] as const;

/** Referral presets: an image host, a search portal, a streaming site, a shopping site, an encyclopedia. */
export const REFERRAL_PRESETS = [
  'https://imgur.com',
  'https://www.yahoo.com',
  'https://www.netflix.com',
  'https://www.amazon.com',
  'https://www.wikipedia.org',
] as const;

export const SEARCH_ENGINES = [
  'google',
  'youtube',
  'fiverr',
  'google.com.au',
  'google.nl',
  'google.co.uk',
  'google.ca',
  'google.it',
  'google.co.in',
  'google.es',
] as const;
export type SearchEngine = (typeof SEARCH_ENGINES)[number];

export const GEOLOCATION_TYPES = ['All Countries', 'Specific Countries'] as const;
export type GeolocationType = (typeof GEOLOCATION_TYPES)[number];

export const HITS = { default: 100, min: 100, step: 100, fineStep: 1 } as const;
export const MOBILE_LENGTH = { min: 6, max: 15 } as const;
export const MAX_KEYWORDS = 5;
export const EXPIRY_WARNING_DAYS = 30;
export const LATEST_WEBSITES_COUNT = 10;
export const CURRENCY = 'USD';
export { VERSION_LABEL } from './version.ts';
export const DEFAULT_GRANT_PACKAGE_ID = 'pkgBasic';
export const DEFAULT_GRANT_ADDON_ID = '1000Hits';
export const TOAST_MS = 4000;

/** docs/product.md section 5: a username keeps only letters, digits, underscore and whitespace. */
export function stripUsername(value: string): string {
  return value.replace(/[^A-Za-z0-9_\s]/g, '');
}

/**
 * The longest text each field takes. The forms stop typing there (maxLength, with a counter where
 * the limit is near reach) and the schemas refuse more in words, so a person never meets a limit
 * the form did not show.
 */
export const WEBSITE_LIMITS = { address: 2000, title: 200, keyword: 100 } as const;
/** How long after its charge a payment may be refunded (the terms' refund window). */
export const REFUND_WINDOW_DAYS = 30;
/** The shortest password an account may have (its form says so before any check runs). */
export const PASSWORD_MIN_LENGTH = 8;
export const ACCOUNT_LIMITS = { text: 200, email: 254, username: 50, password: 200, address: 500, country: 100 } as const;
export const MESSAGE_LIMITS = { support: 10_000, notificationTitle: 200, notificationDescription: 5000 } as const;
export const CATALOGUE_LIMITS = { name: 100, description: 5000 } as const;

/** The ranges a delivery chart offers, in days (today included). */
export const HISTORY_RANGES = [7, 30, 90] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
/** The long ranges of the delivery charts, in calendar months (this one so far included), read from monthly totals. */
export const HISTORY_MONTH_RANGES = [12, 24] as const;
export type HistoryMonthRange = (typeof HISTORY_MONTH_RANGES)[number];
