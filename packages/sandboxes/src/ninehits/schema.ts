import { z } from 'zod';

/**
 * The campaign object as the 9Hits panel API documents it (docs/api.md of github.com/9hitste/docs,
 * "Add new campaign", sample request "Full"): every documented field with its documented type and
 * values, nothing else. The sandbox refuses what does not fit, as the real service would: a number
 * for `hourlyLimit`, an hours list that is not 24 {min, max}, null for `geo` or `referrers`, a field
 * that is not documented (read-only fields such as `systemState` included).
 */
const httpUrl = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, 'must be an http(s) URL');
const int = z.number().int();
const rate = z.number().min(0).max(100);
const percentages = <K extends string>(keys: readonly [K, ...K[]]) => z.partialRecord(z.enum(keys), rate);
const LEVELS = ['slow+', 'medium+', 'good+'] as const;

/** One hour: 0 is no limit for that hour, -1 no views. */
const hour = z.strictObject({ min: int.min(-1), max: int.min(-1) }).refine((h) => h.max <= 0 || h.min <= h.max, 'min must not exceed max');

/** "YYYY/MM/DD HH:mm:ss", a real date. */
export const PANEL_DATE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export function parsePanelDate(text: string): Date | undefined {
  const m = PANEL_DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? date : undefined;
}

const fields = {
  title: z.string().trim().min(1, 'must not be empty'),
  isAdult: z.boolean(),
  hasCoinMining: z.boolean(),
  urls: z.array(httpUrl).min(1, 'needs at least one URL'),
  referrers: z.discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('basic'), urls: z.array(httpUrl) }),
    z.strictObject({ mode: z.literal('advanced'), urls: z.array(z.strictObject({ url: httpUrl, rate })) }),
  ]),
  duration: z.tuple([int.min(1), int.max(600)]).refine(([from, to]) => from <= to, 'from must not exceed to'),
  platform: z.strictObject({
    os: percentages(['win', 'linux', 'mac', 'android', 'ios']).optional(),
    browsers: percentages(['chrome', 'edge', 'opera', 'safari', 'firefox']).optional(),
    custom: z.array(z.strictObject({ value: int, weight: rate })).optional(),
    usage: percentages(['system', 'fixed', 'custom']).optional(),
  }),
  macros: z.string(),
  popupMacros: z.string(),
  connectionTypes: z.array(z.enum(['system', 'http', 'socks4', 'socks5', 'ssh'])),
  ipTypes: z.array(z.enum(['R', 'B', 'V'])),
  connectionSpeed: z.enum(LEVELS),
  performance: z.enum(LEVELS),
  geo: z
    .strictObject({
      rule: z.enum(['all', 'any', 'except']),
      by: z.enum(['country', 'continent']),
      codes: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be two-letter codes')).nullable(),
    })
    .refine((g) => g.rule === 'all' || (g.codes?.length ?? 0) > 0, 'rule any or except needs codes'),
  acceptLanguages: z.array(z.string().regex(/^[A-Z]{2}$/)).nullable(),
  capping: z.strictObject({ type: z.enum(['own', 'shared']), value: int.min(0), shared: int.min(0) }),
  maxHits: int.min(0),
  untilDate: z.string().refine((v) => parsePanelDate(v) !== undefined, 'must be "YYYY/MM/DD HH:mm:ss"'),
  maxPopups: int.min(0),
  fingerprintSpoof: z.boolean(),
  allowProxy: z.boolean(),
  allowIPv6: z.boolean(),
  allowBlockedPopups: z.boolean(),
  ipFilter: z.strictObject({ type: z.enum(['0', '1', '2']), rules: z.string() }),
  hourlyLimit: z.strictObject({
    speed: z.enum(['fast', 'slow']),
    hours: z.array(hour).length(24, 'must list the 24 hours 00 to 23'),
  }),
  disJsRate: rate,
  disImageRate: rate,
  disCookieRate: rate,
  forceHide: z.boolean(),
  adSafe: z.enum(['google-ads', '']),
  webSecurity: z.boolean(),
  similarWebEnabled: z.boolean(),
  bypassCf: z.boolean(),
  viewerVersion: z.string(),
  userState: z.enum(['running', 'paused']),
};

const optional = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
};

/** siteAdd: the simple sample's fields are required, the others optional. */
export const siteAddSchema = z.strictObject({
  ...optional,
  title: fields.title,
  isAdult: fields.isAdult,
  hasCoinMining: fields.hasCoinMining,
  urls: fields.urls,
  duration: fields.duration,
});

/** siteUpdate: the campaign id, and only the fields to change (resetHitCounter zeroes the count). */
export const siteUpdateSchema = z.strictObject({ ...optional, id: int.positive(), resetHitCounter: z.boolean().optional() });

/** siteDel: a list of campaign ids. */
export const siteDelSchema = z.array(int.positive()).min(1, 'needs at least one campaign id');

export type SandboxCampaignBody = Partial<z.infer<typeof siteAddSchema>>;

/** The refusal in words, one message per problem, each naming its field. */
export function messagesOf(error: z.ZodError): string[] {
  return error.issues.map((i) => {
    const path = i.path.join('.');
    if (i.code === 'unrecognized_keys') return `Unknown field${i.keys.length > 1 ? 's' : ''}: ${i.keys.join(', ')}`;
    return path ? `${path}: ${i.message}` : i.message;
  });
}
