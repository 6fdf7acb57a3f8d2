import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { NINEHITS_MACRO_BUILTINS } from '../modules/delivery/ninehits-macro-builtins.ts';
import { freePort } from './listening-app.ts';

/**
 * A recording stand-in for the 9Hits panel API that knows only its documentation (docs/api.md of
 * github.com/9hitste/docs), for the adapter's contract tests: it shares no code with the embedded
 * sandbox, so a change there cannot hide an adapter mistake. It records every call, checks each
 * against the documented shapes below (a mismatch is a violation, answered with the error
 * envelope) and keeps just enough state to answer as documented. Loopback only.
 */
export interface RecordedCall {
  method: string;
  path: string;
  key: string | null;
  /** The query without `key`. */
  query: Record<string, string>;
  contentType: string | undefined;
  body: unknown;
}

type Check = (v: unknown) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasExactly = (v: unknown, keys: string[]): v is Record<string, unknown> =>
  isObject(v) && Object.keys(v).sort().join() === [...keys].sort().join();
const isInt = (v: unknown) => Number.isInteger(v);
const isBool = (v: unknown) => typeof v === 'boolean';
const isString = (v: unknown) => typeof v === 'string';
const oneOf =
  (...values: unknown[]) =>
  (v: unknown) =>
    values.includes(v);
const listOf = (item: Check) => (v: unknown) => Array.isArray(v) && v.every(item);
const isUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);
const isRate = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 100;

/** Calls to functions in a macro that are not documented built-ins (a plain scan: the documented list is the whole vocabulary). */
export function undocumentedCalls(macro: string): string[] {
  const keywords = new Set(['if', 'while', 'for', 'switch', 'catch', 'function', 'return', 'await', 'typeof']);
  const names = [...macro.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""').matchAll(/(^|[^.\w$])([A-Za-z_$][\w$]*)\s*\(/g)].map(
    (m) => m[2]!,
  );
  return names.filter((n) => !keywords.has(n) && !NINEHITS_MACRO_BUILTINS[n]);
}

/** The documented campaign fields (the "Full" siteAdd sample) and what each holds. */
const CAMPAIGN_FIELDS: Record<string, Check> = {
  title: (v) => isString(v) && v !== '',
  isAdult: isBool,
  hasCoinMining: isBool,
  urls: (v) => listOf(isUrl)(v) && (v as unknown[]).length > 0,
  referrers: (v) =>
    (hasExactly(v, ['mode', 'urls']) && v.mode === 'basic' && listOf(isUrl)(v.urls)) ||
    (hasExactly(v, ['mode', 'urls']) &&
      v.mode === 'advanced' &&
      listOf((u) => hasExactly(u, ['url', 'rate']) && isUrl(u.url) && isRate(u.rate))(v.urls)),
  duration: (v) => Array.isArray(v) && v.length === 2 && v.every(isInt) && v[0] >= 1 && v[0] <= v[1] && v[1] <= 600,
  platform: isObject,
  macros: (v) => isString(v) && undocumentedCalls(v).length === 0,
  popupMacros: (v) => isString(v) && undocumentedCalls(v).length === 0,
  connectionTypes: listOf(oneOf('system', 'http', 'socks4', 'socks5', 'ssh')),
  ipTypes: listOf(oneOf('R', 'B', 'V')),
  connectionSpeed: oneOf('slow+', 'medium+', 'good+'),
  performance: oneOf('slow+', 'medium+', 'good+'),
  geo: (v) =>
    hasExactly(v, ['rule', 'by', 'codes']) &&
    oneOf('all', 'any', 'except')(v.rule) &&
    oneOf('country', 'continent')(v.by) &&
    (v.codes === null
      ? v.rule === 'all'
      : listOf((c) => typeof c === 'string' && /^[A-Z]{2}$/.test(c))(v.codes) && (v.rule === 'all' || (v.codes as unknown[]).length > 0)),
  acceptLanguages: (v) => v === null || listOf(isString)(v),
  capping: (v) => hasExactly(v, ['type', 'value', 'shared']),
  maxHits: (v) => isInt(v) && (v as number) >= 0,
  untilDate: (v) => typeof v === 'string' && /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/.test(v),
  maxPopups: isInt,
  fingerprintSpoof: isBool,
  allowProxy: isBool,
  allowIPv6: isBool,
  allowBlockedPopups: isBool,
  ipFilter: (v) => hasExactly(v, ['type', 'rules']),
  hourlyLimit: (v) =>
    hasExactly(v, ['speed', 'hours']) &&
    oneOf('fast', 'slow')(v.speed) &&
    Array.isArray(v.hours) &&
    v.hours.length === 24 &&
    v.hours.every(
      (h) => hasExactly(h, ['min', 'max']) && isInt(h.min) && isInt(h.max) && (h.min as number) >= -1 && (h.max as number) >= -1,
    ),
  disJsRate: isRate,
  disImageRate: isRate,
  disCookieRate: isRate,
  forceHide: isBool,
  adSafe: oneOf('google-ads', ''),
  webSecurity: isBool,
  similarWebEnabled: isBool,
  bypassCf: isBool,
  viewerVersion: isString,
  userState: oneOf('running', 'paused'),
};

function campaignProblems(body: Record<string, unknown>, required: string[]): string[] {
  const problems = required.filter((f) => !(f in body)).map((f) => `${f} is required`);
  for (const [field, value] of Object.entries(body)) {
    const check = CAMPAIGN_FIELDS[field];
    if (!check) problems.push(`${field} is not a documented campaign field`);
    else if (!check(value)) problems.push(`${field} does not have its documented shape: ${JSON.stringify(value)}`);
  }
  return problems;
}

interface Stored {
  id: number;
  title: string;
  urls: string[];
  body: Record<string, unknown>;
}

export class NinehitsDocServer {
  readonly calls: RecordedCall[] = [];
  readonly violations: string[] = [];
  readonly campaigns: Stored[] = [];
  private nextId = 812_031;
  private lose = new Map<string, number>();
  private server: Server | undefined;
  private constructor(
    readonly port: number,
    readonly key: string,
  ) {}

  static async start(key: string): Promise<NinehitsDocServer> {
    const doc = new NinehitsDocServer(await freePort(), key);
    const server = createServer((req, res) => void doc.handle(req, res));
    await new Promise<void>((resolve) => server.listen(doc.port, '127.0.0.1', resolve));
    doc.server = server;
    return doc;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** Adds a campaign as if made in the panel; returns its id. */
  seed(title: string, urls = ['https://elsewhere.example.net/']): number {
    const id = this.nextId++;
    this.campaigns.push({ id, title, urls, body: { title, urls } });
    return id;
  }

  /** The next call to `path` is carried out, then its connection dropped. */
  loseNextAnswer(path: string): void {
    this.lose.set(path, (this.lose.get(path) ?? 0) + 1);
  }

  clear(): void {
    this.calls.length = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\//, '');
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'key'));
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      body = '<not JSON>';
    }
    this.calls.push({
      method: req.method ?? '',
      path,
      key: url.searchParams.get('key'),
      query,
      contentType: req.headers['content-type'],
      body,
    });
    const answer = this.answer(req.method ?? '', path, url.searchParams, query, body, req.headers['content-type']);
    if (answer.status === 'error') this.violations.push(`${req.method} ${path}: ${answer.messages.join('; ')}`);
    const lost = this.lose.get(path) ?? 0;
    if (lost > 0 && answer.status === 'ok') {
      this.lose.set(path, lost - 1);
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  private answer(
    method: string,
    path: string,
    params: URLSearchParams,
    query: Record<string, string>,
    body: unknown,
    contentType: string | undefined,
  ) {
    const ok = (data: unknown, messages: string[] | null = null) => ({ status: 'ok' as const, messages, data });
    const error = (...messages: string[]) => ({ status: 'error' as const, messages, data: null });
    if (params.get('key') !== this.key) return error('every call carries ?key=');
    const expected: Record<string, string> = { siteAdd: 'POST', siteUpdate: 'POST', siteDel: 'POST', siteGet: 'GET', profileGet: 'GET' };
    if (expected[path] !== method) return error(`${method} ${path} is not a documented call`);
    if (method === 'POST' && !contentType?.startsWith('application/json')) return error('POST bodies are JSON');
    if (method === 'GET' && body !== undefined) return error('GET calls have no body');

    if (path === 'siteAdd') {
      if (!isObject(body)) return error('siteAdd takes a campaign object');
      const problems = campaignProblems(body, ['title', 'isAdult', 'hasCoinMining', 'urls', 'duration']);
      if (problems.length) return error(...problems);
      const id = this.nextId++;
      this.campaigns.push({ id, title: body.title as string, urls: body.urls as string[], body });
      return ok(null, [`Created #${id}`]);
    }
    if (path === 'siteUpdate') {
      if (!isObject(body) || !isInt(body.id)) return error('siteUpdate takes the campaign id and the fields to change');
      const { id, resetHitCounter, ...changes } = body;
      const problems = [
        ...campaignProblems(changes, []),
        ...(resetHitCounter === undefined || isBool(resetHitCounter) ? [] : ['resetHitCounter is a boolean']),
      ];
      if (problems.length) return error(...problems);
      const stored = this.campaigns.find((c) => c.id === id);
      if (!stored) return error(`no campaign #${String(id)}`);
      Object.assign(stored.body, changes);
      return ok(null, [`Updated #${stored.id}`]);
    }
    if (path === 'siteDel') {
      if (!Array.isArray(body) || !body.every(isInt)) return error('siteDel takes an array of ids');
      for (const id of body) {
        const at = this.campaigns.findIndex((c) => c.id === id);
        if (at >= 0) this.campaigns.splice(at, 1);
      }
      return ok(null);
    }
    if (path === 'profileGet') {
      if (Object.keys(query).length) return error('profileGet takes only the key');
      return ok({
        username: 'daniel',
        email: 'daniel@9hits.com',
        funds: 38.288,
        slots: { used: this.campaigns.length, available: 78 },
        points: 803.57,
        membership: 'VIP',
      });
    }
    // siteGet: page from 1, limit up to 500 (100 by default), oldest first; filter id:N or a search on title or URL.
    const unknown = Object.keys(query).filter((k) => !['page', 'limit', 'filter'].includes(k));
    if (unknown.length) return error(`siteGet has no parameter ${unknown.join(', ')}`);
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 100);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 500)
      return error('page from 1, limit 1 to 500');
    const filter = query.filter ?? '';
    const byId = /^id:(\d+)$/.exec(filter);
    const text = filter.toLowerCase();
    const matches = this.campaigns.filter((c) =>
      byId ? c.id === Number(byId[1]) : c.title.toLowerCase().includes(text) || c.urls.some((u) => u.toLowerCase().includes(text)),
    );
    const rows = matches
      .slice((page - 1) * limit, page * limit)
      .map((c) => ({ ...c.body, id: c.id, confirmedHits: 0, systemState: 'approved', userState: c.body.userState ?? 'running' }));
    return ok(rows, [`Fetched ${rows.length}`]);
  }
}
