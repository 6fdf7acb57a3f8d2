import { type schema } from '@traffic/db';
import { parsePanelDate, type SandboxCampaignBody } from './schema.ts';

type Row = typeof schema.sandboxNinehitsCampaigns.$inferSelect;

/**
 * Sandbox time runs fast so that Check hits visibly grows: one 9Hits "hour" lasts ten real seconds,
 * and a sandbox day (24 of them) four minutes. The hour of the day is that of the sandbox clock.
 */
export const SANDBOX_HOUR_MS = 10_000;
/** A new campaign waits this long for the panel's moderation, then is approved (unless set otherwise). */
export const SANDBOX_APPROVAL_MS = 5_000;
/** Views in an hour whose limit is 0 ("no limit"): what the exchange manages to send, here a fixed figure. */
const UNLIMITED_HOUR_VIEWS = 100;

/** The panel's moderation: as set by the control route, else pending until SANDBOX_APPROVAL_MS after creation. */
export function systemStateOf(row: Pick<Row, 'systemState' | 'createdAt'>, now: number): string {
  return row.systemState ?? (now - row.createdAt.getTime() >= SANDBOX_APPROVAL_MS ? 'approved' : 'pending');
}

function viewsInHour(hours: { max: number }[] | undefined, hourOfDay: number): number {
  const max = hours?.[hourOfDay]?.max ?? 0;
  return max > 0 ? max : max === 0 ? UNLIMITED_HOUR_VIEWS : 0;
}

/**
 * Views delivered between two instants by the hourly buckets: each sandbox hour delivers its
 * bucket's max, in proportion to the part of that hour inside the interval.
 */
export function viewsBetween(hours: { max: number }[] | undefined, from: number, to: number): number {
  if (to <= from) return 0;
  let views = 0;
  const perDay = Array.from({ length: 24 }, (_, h) => viewsInHour(hours, h)).reduce((a, b) => a + b, 0);
  const day = 24 * SANDBOX_HOUR_MS;
  // Whole sandbox days at once, then hour by hour.
  const wholeDays = Math.floor((to - from) / day);
  views += wholeDays * perDay;
  for (let t = from + wholeDays * day; t < to;) {
    const hourIndex = Math.floor(t / SANDBOX_HOUR_MS);
    const end = Math.min((hourIndex + 1) * SANDBOX_HOUR_MS, to);
    views += (viewsInHour(hours, hourIndex % 24) * (end - t)) / SANDBOX_HOUR_MS;
    t = end;
  }
  return views;
}

/**
 * The confirmed hits as of `now`: those banked at `accruedAt`, plus what the hourly buckets delivered
 * since while the campaign was running, approved and before its untilDate, up to maxHits.
 */
export function confirmedHitsOf(row: Row, now: number): number {
  const body = row.body as SandboxCampaignBody;
  if (row.userState !== 'running') return row.confirmedHits;
  let from = row.accruedAt.getTime();
  if (row.systemState === null) from = Math.max(from, row.createdAt.getTime() + SANDBOX_APPROVAL_MS);
  else if (row.systemState !== 'approved') return row.confirmedHits;
  const until = body.untilDate ? parsePanelDate(body.untilDate)?.getTime() : undefined;
  const to = Math.min(now, until ?? now);
  const hits = row.confirmedHits + Math.floor(viewsBetween(body.hourlyLimit?.hours, from, to));
  return body.maxHits ? Math.min(hits, Math.max(body.maxHits, row.confirmedHits)) : hits;
}

/**
 * What siteGet answers for a field that was never set. The panel's own values for those are not
 * documented; these are neutral ones of the documented types (no limits, no filters, every
 * connection and IP type), so that every campaign of a page carries every field, as the real
 * API's pages do (docs/api.md of github.com/9hitste/docs, "Get campaigns", sample response).
 */
const UNSET_FIELDS = {
  title: '',
  isAdult: false,
  hasCoinMining: false,
  urls: [],
  referrers: { mode: 'basic', urls: [] },
  duration: [1, 600],
  // No share set for any OS or browser: the system's own user agents.
  platform: { os: {}, browsers: {}, custom: [], usage: { system: 100, fixed: 0, custom: 0 } },
  macros: '',
  popupMacros: '',
  connectionTypes: ['system', 'http', 'socks4', 'socks5', 'ssh'],
  ipTypes: ['R', 'B', 'V'],
  connectionSpeed: 'slow+',
  performance: 'slow+',
  geo: { rule: 'all', by: 'country', codes: null },
  acceptLanguages: null,
  capping: { type: 'own', value: 0, shared: 0 },
  maxHits: 0,
  untilDate: null,
  estimatedHits: 0,
  confirmedHits: 0,
  maxPopups: 0,
  fingerprintSpoof: false,
  allowProxy: true,
  allowIPv6: true,
  allowBlockedPopups: false,
  ipFilter: { type: '0', rules: '' },
  hourlyLimit: { speed: 'fast', hours: Array.from({ length: 24 }, () => ({ min: 0, max: 0 })) },
  disJsRate: 0,
  disImageRate: 0,
  disCookieRate: 0,
  cpuUsage: 0,
  forceHide: false,
  adSafe: '',
  webSecurity: false,
  similarWebEnabled: false,
  bypassCf: false,
  viewerVersion: 'all',
  userState: 'running',
};

/**
 * A campaign as siteGet answers it: every documented field, in the documented order, with what was
 * set over the defaults above and the panel's own read-only fields (moderation, hits, CPU usage).
 */
export function presentCampaign(row: Row, now: number) {
  const confirmedHits = confirmedHitsOf(row, now);
  return {
    id: row.id,
    ...UNSET_FIELDS,
    ...(row.body as object),
    estimatedHits: confirmedHits,
    confirmedHits,
    userState: row.userState,
    systemState: systemStateOf(row, now),
  };
}
