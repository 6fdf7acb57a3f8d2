import { z } from 'zod';
import './plain-words.ts';
import {
  GEOLOCATION_TYPES,
  HITS,
  MAX_KEYWORDS,
  PACKAGE_TYPES,
  SEARCH_ENGINES,
  SOCIAL_NETWORKS,
  TRAFFIC_SOURCES,
  WEBSITE_LIMITS,
  WEBSITE_STATUSES,
} from '../constants.ts';
import { countryCodeByName, TARGET_COUNTRIES } from '../countries.ts';
import { MSG } from '../messages.ts';
import { isPublicHost } from './public-host.ts';

/**
 * "Looks like a valid web address": http(s), no spaces, and a public host
 * (public-host.ts). The same check runs in the browser's form and on the server, for the website's
 * address and for the Referal source's. The host is judged as the WHATWG URL parser normalises it,
 * which is also how browsers and 9Hits' fetchers read it (`http://2130706433/` is 127.0.0.1).
 */
export function isValidWebsiteUrl(value: string): boolean {
  if (/\s/.test(value) || value.length > WEBSITE_LIMITS.address) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && isPublicHost(url.hostname);
}

/**
 * What makes two website addresses the same one (docs/product.md section 10, "One address once"):
 * scheme and host lower-cased (the URL parser does both, and writes an IDN in punycode) and a
 * trailing slash dropped. The path, query and fragment keep their case.
 */
export function websiteAddressKey(value: string): string {
  let href: string;
  try {
    href = new URL(value.trim()).href;
  } catch {
    href = value.trim();
  }
  return href.endsWith('/') ? href.slice(0, -1) : href;
}

/** Why a second website with an address already listed (of the same package type) is refused. */
export function duplicateAddressMessage(listedUrl: string): string {
  return `This address is already one of your websites (${listedUrl}). Each address can be added once per package type.`;
}

/** Keywords travel joined by commas; at most MAX_KEYWORDS, blanks dropped. */
export function splitKeywords(value: string): string[] {
  return value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

const TARGET_CODES = new Set(TARGET_COUNTRIES.map((c) => c.code));

/** A location as the original client sends it: a country name, an ISO code, or `{ geolocation }`. */
const locationInput = z
  .union([z.string().max(100), z.object({ geolocation: z.string().max(100) }).loose(), z.object({ code: z.string().max(10) }).loose()])
  .transform((v) => {
    const raw = typeof v === 'string' ? v : 'geolocation' in v ? v.geolocation : v.code;
    const trimmed = String(raw).trim();
    return TARGET_CODES.has(trimmed.toUpperCase()) ? trimmed.toUpperCase() : (countryCodeByName.get(trimmed) ?? `?${trimmed}`);
  });

/**
 * POST website / PUT website. `user_id`, `email` and `username` are accepted as the original client sends them
 * and ignored: the owner is always the signed-in user (docs/product.md section 10). Capacity-dependent rules (the
 * slider's maximum and step) are checked on the server against the live figures.
 */
const websiteFields = {
  url: z.string({ error: MSG.invalidUrl }).trim().refine(isValidWebsiteUrl, MSG.invalidUrl),
  daily_hit_limit: z.coerce.number({ error: MSG.fillRequired }).int(MSG.fillRequired).min(1, MSG.fillRequired).max(100_000_000),
  traffic_source: z.enum(TRAFFIC_SOURCES, { error: MSG.fillRequired }),
  traffic_source_type: z.string().trim().max(WEBSITE_LIMITS.address).default(''),
  bounce_rate_reduction: z.boolean().default(true),
  geolocation_type: z.enum(GEOLOCATION_TYPES, { error: MSG.fillRequired }).default('All Countries'),
  geolocations: z.array(locationInput).max(100).default([]),
  status: z.enum(WEBSITE_STATUSES).optional(),
  type: z.enum(PACKAGE_TYPES).default('normal'),
  title: z.string().trim().max(WEBSITE_LIMITS.title, `The title can be at most ${WEBSITE_LIMITS.title} characters.`).optional(),
  search_engine: z.enum(SEARCH_ENGINES).optional(),
  user_id: z.unknown().optional(),
  email: z.unknown().optional(),
  username: z.unknown().optional(),
};

function checkRules(
  w: {
    traffic_source: string;
    traffic_source_type: string;
    geolocation_type: string;
    geolocations: string[];
    type: string;
    title?: string | undefined;
    search_engine?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const source = w.traffic_source_type;
  if (w.traffic_source !== 'Direct' && !source) ctx.addIssue({ code: 'custom', message: MSG.fillTheFields, path: ['traffic_source_type'] });
  else if (w.traffic_source === 'Referal' && !isValidWebsiteUrl(source))
    ctx.addIssue({ code: 'custom', message: MSG.invalidUrl, path: ['traffic_source_type'] });
  else if (w.traffic_source === 'Social' && !(SOCIAL_NETWORKS as readonly string[]).includes(source)) {
    ctx.addIssue({ code: 'custom', message: MSG.fillTheFields, path: ['traffic_source_type'] });
  } else if (w.traffic_source === 'Organic') {
    const keywords = splitKeywords(source);
    if (keywords.length > MAX_KEYWORDS) ctx.addIssue({ code: 'custom', message: MSG.keywordLimit, path: ['traffic_source_type'] });
    if (keywords.some((k) => k.length > WEBSITE_LIMITS.keyword))
      ctx.addIssue({ code: 'custom', message: MSG.fillTheFields, path: ['traffic_source_type'] });
  }
  if (w.geolocation_type === 'Specific Countries') {
    if (w.geolocations.length === 0) ctx.addIssue({ code: 'custom', message: MSG.selectCountry, path: ['geolocations'] });
    else if (w.geolocations.some((c) => c.startsWith('?')))
      ctx.addIssue({ code: 'custom', message: MSG.selectCountry, path: ['geolocations'] });
  }
  if (w.type !== 'normal') {
    if (!w.search_engine) ctx.addIssue({ code: 'custom', message: MSG.fillRequired, path: ['search_engine'] });
    if (!w.title) ctx.addIssue({ code: 'custom', message: MSG.fillRequired, path: ['title'] });
  }
}

export const createWebsiteBodySchema = z.object(websiteFields).superRefine(checkRules).meta({ id: 'CreateWebsiteBody' });
export const updateWebsiteBodySchema = z
  .object({ ...websiteFields, id: z.coerce.number({ error: 'id is required' }).int().positive().max(2_147_483_647) })
  .superRefine(checkRules)
  .meta({ id: 'UpdateWebsiteBody' });
export type CreateWebsiteInput = z.output<typeof createWebsiteBodySchema>;
export type UpdateWebsiteInput = z.output<typeof updateWebsiteBodySchema>;

/**
 * The slider's rule (docs/product.md section 5): minimum 100, maximum the available hits, step 100; step 1
 * (and so any whole number from 1) when fewer than 100 hits are available.
 */
export function hitLimitProblem(limit: number, available: number): { kind: 'capacity' | 'step'; message: string } | undefined {
  if (limit > available) return { kind: 'capacity', message: MSG.limitReached };
  if (available >= HITS.min && (limit < HITS.min || limit % HITS.step !== 0)) {
    return { kind: 'step', message: `Hits per day must be a multiple of ${HITS.step} from ${HITS.min}` };
  }
  return undefined;
}

export const websiteIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});
export const bulkStatusParamsSchema = z.object({
  userId: z.coerce.number({ error: 'userId must be a number' }).int().positive().max(2_147_483_647),
  status: z.enum(['PAUSED', 'ACTIVE'], { error: 'status must be PAUSED or ACTIVE' }),
});
/** Check hits: the delivered count, and the campaign's 9Hits moderation state as read with it. */
export const confirmedHitsSchema = z.object({ confirmedHits: z.number(), ninehits_state: z.string().nullable() });
export type ConfirmedHits = z.infer<typeof confirmedHitsSchema>;
export const pauseResultSchema = z.object({ status: z.enum(WEBSITE_STATUSES), message: z.string() });
export type PauseResult = z.infer<typeof pauseResultSchema>;

/** Pause All / Unpause All: how many websites changed, and the message to show. */
export const bulkStatusResultSchema = z.object({ count: z.number(), message: z.string() });

/** A website as every endpoint answers it (the websites calls, the user object, the admin's lists). */
export const websiteLocationSchema = z.object({ geolocation: z.string(), code: z.string() });

export const websiteSchema = z
  .object({
    id: z.number(),
    url: z.string(),
    title: z.string().nullable(),
    search_engine: z.string().nullable(),
    daily_hit_limit: z.number(),
    traffic_source: z.string(),
    traffic_source_type: z.string(),
    bounce_rate_reduction: z.boolean(),
    geolocation_type: z.string(),
    locations: z.array(websiteLocationSchema),
    status: z.string(),
    type: z.string(),
    ninehits_key: z.string().nullable(),
    /** The 9Hits campaign's moderation (systemState) as last read, e.g. 'approved'; null until read. */
    ninehits_state: z.string().nullable(),
    user_id: z.number(),
    email: z.string(),
    username: z.string(),
  })
  .meta({ id: 'Website' });
export type Website = z.infer<typeof websiteSchema>;
