/**
 * The 9Hits panel API adapter, shaped as the vendor documents it (docs/api.md of
 * github.com/9hitste/docs; decision 0017). Every call carries `?key=`, POST bodies are JSON, every
 * answer is `{status, messages, data}` and success is judged by `status`, not by the HTTP code.
 * Calls time out; callers retry from a background job.
 */
import type { Metrics } from '../../core/metrics.ts';
import { callSignal, type JobBindable } from '../../lib/call-signal.ts';
import { httpRequest, type HttpAnswer } from '../../lib/http-request.ts';
import { scanSiteTotals, type SiteTotals } from './site-totals-scan.ts';

/** One hour of `hourlyLimit.hours`: 0 means no limit for that hour, -1 no views at all. */
export interface HourBucket {
  min: number;
  max: number;
}
export interface HourlyLimit {
  speed: 'fast' | 'slow';
  /** 24 entries, hours 00 to 23 of the panel's clock. */
  hours: HourBucket[];
}
export interface Geo {
  rule: 'all' | 'any' | 'except';
  by: 'country' | 'continent';
  codes: string[] | null;
}
export type Referrers = { mode: 'basic'; urls: string[] } | { mode: 'advanced'; urls: { url: string; rate: number }[] };

/** The campaign fields the product sets; each is always sent, with its documented empty value when unused. */
export interface CampaignFields {
  title: string;
  urls: string[];
  isAdult: boolean;
  hasCoinMining: boolean;
  /** [from, to] seconds of viewing, to ≤ 600. */
  duration: [number, number];
  referrers: Referrers;
  geo: Geo;
  hourlyLimit: HourlyLimit;
  /** 0: no cap on the total. */
  maxHits: number;
  /** "YYYY/MM/DD HH:mm:ss": no traffic after it (a safety net at the end of the paid period). */
  untilDate: string;
  userState: 'running' | 'paused';
  adSafe: 'google-ads' | '';
  /** JavaScript run by the viewer (our own fixed macros); '' for none. */
  macros: string;
}

/** What we read back from siteGet (it answers many more fields). */
export interface CampaignRead {
  id: number;
  title: string;
  urls: string[];
  userState?: string;
  /** The panel's moderation of the campaign, e.g. 'approved'; one it has not approved delivers nothing. */
  systemState?: string;
  confirmedHits?: number;
}

/** profileGet: the account's balance of points and campaign slots. */
export interface NinehitsProfile {
  points: number;
  slots: { used: number; available: number };
}

interface Envelope<T> {
  status: 'ok' | 'error';
  messages: string[] | null;
  data: T;
}

export class NinehitsError extends Error {
  constructor(
    message: string,
    /** Worth retrying later (network, timeout, 5xx) rather than a refusal of the request itself. */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'NinehitsError';
  }
}

/** The documented page size limit of siteGet. */
export const SITE_GET_MAX_LIMIT = 500;
/** A title search stops here (100,000 campaigns matched): past it we cannot be sure of a miss. */
const MAX_SEARCH_PAGES = 200;

const isCampaign = (c: unknown): c is CampaignRead =>
  typeof c === 'object' && c !== null && Number.isSafeInteger((c as CampaignRead).id) && typeof (c as CampaignRead).title === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export class NinehitsClient implements JobBindable {
  declare readonly jobSignal?: AbortSignal;
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 5000,
    /** Where each call's latency and outcome are counted (GET /metrics), when given. */
    private readonly metrics?: Metrics,
  ) {}

  /** Creates a campaign; 9Hits answers the new id only in `messages[0]` ("Created #400466"). */
  async siteAdd(campaign: CampaignFields): Promise<number> {
    const res = await this.call<null>('POST', 'siteAdd', campaign);
    const id = /#(\d+)/.exec(res.messages?.[0] ?? '')?.[1];
    if (!id) throw new NinehitsError(`siteAdd answered no id: ${JSON.stringify(res.messages)}`, false);
    return Number(id);
  }

  /**
   * One page of campaigns, oldest first. `filter` is `id:<n>` for one campaign; any other text is a
   * search on title or URL (substring), so its results need filtering by the caller.
   */
  async siteGet(query: { filter?: string; page?: number; limit?: number } = {}): Promise<CampaignRead[]> {
    const params: Record<string, string> = {};
    if (query.filter !== undefined) params.filter = query.filter;
    if (query.page !== undefined) params.page = String(query.page);
    if (query.limit !== undefined) params.limit = String(query.limit);
    const res = await this.call<unknown>('GET', 'siteGet', undefined, params);
    // A malformed answer must not read as "no such campaign": the sync job would then create a second one.
    const list = res.data ?? [];
    if (!Array.isArray(list) || !list.every(isCampaign))
      throw new NinehitsError('9Hits siteGet answered something other than a list of campaigns', true);
    return list;
  }

  /**
   * One page of campaigns' confirmed totals, for the delivery collection: the page's campaign count
   * and each valid total by campaign id. The page (~730 kB of JSON, most of it URLs, macros and
   * hourly limits) is read from its bytes for these alone (site-totals-scan.ts); an answer out of the
   * ordinary (an error, a malformed page) is parsed whole and refused as every call's is.
   */
  async siteTotals(query: { page: number; limit: number }): Promise<SiteTotals> {
    const params = { page: String(query.page), limit: String(query.limit) };
    const { scanned, envelope } = await this.timed('siteGet', async () => {
      const raw = await this.request('GET', 'siteGet', undefined, params);
      const totals = scanSiteTotals(raw.body);
      return totals ? { scanned: totals } : { envelope: readEnvelope<unknown>('siteGet', raw) };
    });
    if (scanned) return scanned;
    const list = envelope!.data ?? [];
    if (
      !Array.isArray(list) ||
      !list.every((c: Partial<CampaignRead> | null) => c !== null && typeof c === 'object' && Number.isSafeInteger(c.id))
    )
      throw new NinehitsError('9Hits siteGet answered something other than a list of campaigns', true);
    const totals: SiteTotals['totals'] = [];
    for (const c of list as Pick<CampaignRead, 'id' | 'confirmedHits'>[])
      if (typeof c.confirmedHits === 'number' && Number.isFinite(c.confirmedHits) && c.confirmedHits >= 0)
        totals.push({ key: String(c.id), total: Math.floor(c.confirmedHits) });
    return { read: list.length, totals };
  }

  /** The campaign with this id, if it exists. */
  async campaignById(id: number): Promise<CampaignRead | undefined> {
    return (await this.siteGet({ filter: `id:${id}` })).find((c) => c.id === id);
  }

  /**
   * Every campaign titled exactly `title`. The search also answers near matches (`traffic-site-1`
   * finds `traffic-site-10`), so it pages through all of them and keeps exact titles only.
   */
  async campaignsTitled(title: string): Promise<CampaignRead[]> {
    const found: CampaignRead[] = [];
    for (let page = 1; page <= MAX_SEARCH_PAGES; page++) {
      const batch = await this.siteGet({ filter: title, limit: SITE_GET_MAX_LIMIT, page });
      found.push(...batch.filter((c) => c.title === title));
      if (batch.length < SITE_GET_MAX_LIMIT) return found;
    }
    throw new NinehitsError(`9Hits title search for ${title} matched more than ${MAX_SEARCH_PAGES * SITE_GET_MAX_LIMIT} campaigns`, false);
  }

  /** Changes only the fields given: a setting is cleared by sending its empty value, never null. */
  async siteUpdate(id: number, changes: Partial<CampaignFields>): Promise<void> {
    await this.call('POST', 'siteUpdate', { id, ...changes });
  }

  async siteDel(ids: number[]): Promise<void> {
    await this.call('POST', 'siteDel', ids);
  }

  async profileGet(): Promise<NinehitsProfile> {
    const res = await this.call<{ points?: unknown; slots?: { used?: unknown; available?: unknown } } | null>('GET', 'profileGet');
    const { points, slots } = res.data ?? {};
    if (!isCount(points) || !isCount(slots?.used) || !isCount(slots?.available))
      throw new NinehitsError('9Hits profileGet answered no points or slots', true);
    return { points, slots: { used: slots.used, available: slots.available } };
  }

  private call<T>(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<Envelope<T>> {
    return this.timed(path, async () => readEnvelope<T>(path, await this.request(method, path, body, query)));
  }

  private timed<T>(path: string, run: () => Promise<T>): Promise<T> {
    return this.metrics ? this.metrics.timeNinehits(path, run) : run();
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}): Promise<HttpAnswer> {
    const url = new URL(`${this.baseUrl}/${path}`);
    url.searchParams.set('key', this.apiKey);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    try {
      return await httpRequest(url, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        signal: callSignal(this.timeoutMs, this.jobSignal),
      });
    } catch (error) {
      throw new NinehitsError(`9Hits ${path} unreachable: ${(error as Error).message}`, true);
    }
  }
}

/** An answer's envelope; one that is not JSON, or whose `status` is not `ok`, is refused. */
function readEnvelope<T>(path: string, response: HttpAnswer): Envelope<T> {
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(utf8(response.body)) as Envelope<T>;
  } catch {
    throw new NinehitsError(`9Hits ${path} answered HTTP ${response.status} without JSON`, true);
  }
  if (envelope?.status !== 'ok') {
    const messages = Array.isArray(envelope?.messages) ? envelope.messages.join('; ') : '';
    throw new NinehitsError(`9Hits ${path} failed: ${messages || `HTTP ${response.status}`}`, response.status >= 500);
  }
  return envelope;
}

/** The text of an answer, without the byte order mark `fetch`'s `json()` would also drop. */
const utf8 = (body: Buffer): string =>
  (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body).toString('utf8');
