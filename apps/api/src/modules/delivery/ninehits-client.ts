/**
 * The 9Hits panel API adapter (INTEGRATIONS.md section 3). Every call carries `?key=`, POST bodies
 * are JSON, every answer is `{status, messages, data}` and success is judged by `status`, not by
 * the HTTP code. Calls time out; callers retry from a background job.
 */
export interface Campaign {
  id?: number | string;
  title: string;
  urls: string[];
  isAdult: boolean;
  hasCoinMining: boolean;
  duration: [number, number];
  referrers: { mode: 'basic'; urls: string[] } | null;
  geo: { rule: 'any'; by: 'country'; codes: string[] } | null;
  hourlyLimit: number;
  userState: 'running' | 'paused';
  adSafe: 'google-ads';
  macros: string | null;
  confirmedHits?: number;
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

export class NinehitsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** Creates a campaign; 9Hits answers the new id only in `messages[0]` ("Created #400466"). */
  async siteAdd(campaign: Campaign): Promise<string> {
    const res = await this.call<null>('POST', 'siteAdd', campaign);
    const id = /#?(\d+)/.exec(res.messages?.[0] ?? '')?.[1];
    if (!id) throw new NinehitsError(`siteAdd answered no id: ${JSON.stringify(res.messages)}`, false);
    return id;
  }

  /** `filter` as 9Hits takes it, e.g. `id:400466`; an unknown id answers an empty list. */
  async siteGet(filter: string, page = 1, limit = 100): Promise<Campaign[]> {
    const res = await this.call<Campaign[] | null>('GET', 'siteGet', undefined, { filter, page: String(page), limit: String(Math.min(limit, 500)) });
    // A malformed answer must not read as "no such campaign": the sync job would then create a second one.
    const list: unknown = res.data ?? [];
    if (!Array.isArray(list) || !list.every((c) => typeof c === 'object' && c !== null && (typeof c.id === 'number' || typeof c.id === 'string'))) {
      throw new NinehitsError('9Hits siteGet answered something other than a list of campaigns', true);
    }
    return list as Campaign[];
  }

  async siteUpdate(id: string, changes: Partial<Campaign>): Promise<void> {
    await this.call('POST', 'siteUpdate', { ...changes, id: Number(id) });
  }

  async siteDel(ids: string[]): Promise<void> {
    await this.call('POST', 'siteDel', ids.map(Number));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, query: Record<string, string> = {}): Promise<Envelope<T>> {
    const url = new URL(`${this.baseUrl}/${path}`);
    url.searchParams.set('key', this.apiKey);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new NinehitsError(`9Hits ${path} unreachable: ${(error as Error).message}`, true);
    }
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new NinehitsError(`9Hits ${path} answered HTTP ${response.status} without JSON`, true);
    }
    if (envelope?.status !== 'ok') {
      throw new NinehitsError(`9Hits ${path} failed: ${(envelope?.messages ?? []).join('; ') || `HTTP ${response.status}`}`, response.status >= 500);
    }
    return envelope;
  }
}
