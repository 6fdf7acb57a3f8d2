import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SANDBOX_CREDENTIALS } from '../../src/config.ts';
import { freePort } from '../../src/test-support/listening-app.ts';
import type { Cleanup } from './cleanup.ts';

/**
 * How a call goes wrong. "applied-*" faults carry the call out and then lose or spoil the answer:
 * the case where 9Hits did the work but we cannot know it.
 */
export type Fault =
  | 'error-envelope' // 200 {status:"error"}: refused, nothing done
  | 'http-500-json' // 500 with an error envelope
  | 'http-502-html' // a proxy's HTML error page
  | 'garbage' // 200, not JSON
  | 'truncated-json' // 200, JSON cut short
  | 'no-envelope' // 200, JSON without status/messages/data
  | 'reset' // connection dropped, nothing done
  | 'applied-then-reset' // done, then the connection dropped
  | 'applied-then-500' // done, then a 500 page
  | 'applied-without-id' // siteAdd done, answered ok but with no id in messages
  | 'list-not-a-list' // siteGet answered ok with data that is not a list
  | 'hold' // done, never answered (the caller times out or dies)
  | { slowMs: number }; // done, answered after slowMs (beyond the adapter's timeout)

type Path = 'siteAdd' | 'siteGet' | 'siteUpdate' | 'siteDel' | 'profileGet';

interface Rule {
  fault: Fault;
  path?: Path;
  times: number;
}

export interface FakeCampaign {
  id: number;
  title: string;
  body: Record<string, unknown>;
  userState: string;
}

/**
 * The campaign fields whose documented shapes the adapter's old mistakes broke (decision 0017): a
 * body that gets one wrong is refused, as the real panel API would, so the suite cannot pass on it.
 */
function shapeProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if ('hourlyLimit' in body) {
    const h = body.hourlyLimit;
    const ok =
      isObject(h) &&
      ['fast', 'slow'].includes(h.speed as string) &&
      Array.isArray(h.hours) &&
      h.hours.length === 24 &&
      h.hours.every((x) => isObject(x) && Number.isInteger(x.min) && Number.isInteger(x.max));
    if (!ok) problems.push('hourlyLimit must be {speed, hours: 24 × {min, max}}');
  }
  if ('geo' in body && !(isObject(body.geo) && 'rule' in body.geo && 'by' in body.geo && 'codes' in body.geo))
    problems.push('geo must be {rule, by, codes}');
  if ('referrers' in body && !(isObject(body.referrers) && Array.isArray(body.referrers.urls)))
    problems.push('referrers must be {mode, urls}');
  if ('macros' in body && typeof body.macros !== 'string') problems.push('macros must be a string');
  if ('untilDate' in body && !/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/.test(String(body.untilDate)))
    problems.push('untilDate must be "YYYY/MM/DD HH:mm:ss"');
  return problems;
}

/**
 * A stand-in for the 9Hits panel API, in its documented shapes (decision 0017), on a fixed loopback
 * port, with switchable faults and a record of what was created: it can be stopped (unreachable)
 * and started again on the same port, keeping its campaigns.
 */
export class FakeNinehits {
  readonly campaigns = new Map<number, FakeCampaign>();
  /** Titles of every campaign siteAdd created, in order: a title twice is a duplicate. */
  readonly added: string[] = [];
  readonly calls: { path: string; fault?: string }[] = [];
  private rules: Rule[] = [];
  private nextId = 400_000;
  private server: Server | undefined;
  private heldWaiters: (() => void)[] = [];
  private held = 0;

  private constructor(readonly port: number) {}

  static async start(cleanup: Cleanup): Promise<FakeNinehits> {
    const fake = new FakeNinehits(await freePort());
    await fake.up();
    cleanup.add('fake 9Hits', () => fake.down());
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  /** Every later call (or only calls to `path`, only `times` of them) fails with `fault`. */
  fail(fault: Fault, options: { path?: Path; times?: number } = {}): void {
    this.rules.push({ fault, times: options.times ?? Infinity, ...(options.path ? { path: options.path } : {}) });
  }

  heal(): void {
    this.rules = [];
  }

  /** Forgets every campaign and call (between tests). */
  reset(): void {
    this.heal();
    this.campaigns.clear();
    this.added.length = 0;
    this.calls.length = 0;
  }

  byTitle(title: string): FakeCampaign[] {
    return [...this.campaigns.values()].filter((c) => c.title === title);
  }

  /** Resolves when a call answered with 'hold' has arrived (and been carried out). */
  waitForHeld(): Promise<void> {
    if (this.held > 0) return Promise.resolve();
    return new Promise((resolve) => this.heldWaiters.push(resolve));
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Nothing listens on the port any more: calls fail with ECONNREFUSED. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  private nextFault(path: string): Fault | undefined {
    const rule = this.rules.find((r) => r.times > 0 && (!r.path || r.path === path));
    if (!rule) return undefined;
    rule.times -= 1;
    return rule.fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api\//, '');
    const fault = this.nextFault(path);
    this.calls.push({ path, ...(fault ? { fault: typeof fault === 'string' ? fault : `slow ${fault.slowMs}ms` } : {}) });
    const send = (status: number, body: string, type = 'application/json') => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': type }).end(body);
    };

    switch (fault) {
      case 'error-envelope':
        return send(200, JSON.stringify({ status: 'error', messages: ['Service is temporarily unavailable.'], data: null }));
      case 'http-500-json':
        return send(500, JSON.stringify({ status: 'error', messages: ['Internal error.'], data: null }));
      case 'http-502-html':
        return send(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
      case 'garbage':
        return send(200, 'Oops\u0000 this is not JSON', 'text/plain');
      case 'truncated-json':
        return send(200, '{"status":"ok","messages":["Created #');
      case 'no-envelope':
        return send(200, JSON.stringify({ result: 'ok', id: 1 }));
      case 'reset':
        req.socket.destroy();
        return;
      default:
        break;
    }

    if (url.searchParams.get('key') !== SANDBOX_CREDENTIALS.ninehitsApiKey) {
      return send(401, JSON.stringify({ status: 'error', messages: ['Invalid API key.'], data: null }));
    }
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      return send(200, JSON.stringify({ status: 'error', messages: ['Invalid JSON.'], data: null }));
    }
    const answer = this.apply(path, url, body);

    if (fault === 'applied-then-reset') {
      req.socket.destroy();
      return;
    }
    if (fault === 'applied-then-500') return send(500, '<html>Internal Server Error</html>', 'text/html');
    if (fault === 'applied-without-id' && path === 'siteAdd')
      return send(200, JSON.stringify({ status: 'ok', messages: ['Created'], data: null }));
    if (fault === 'list-not-a-list' && path === 'siteGet')
      return send(200, JSON.stringify({ status: 'ok', messages: null, data: 'maintenance' }));
    if (fault === 'hold') {
      this.held += 1;
      for (const wake of this.heldWaiters.splice(0)) wake();
      res.on('close', () => (this.held -= 1));
      return;
    }
    if (fault && typeof fault === 'object') {
      const timer = setTimeout(() => send(200, JSON.stringify(answer)), fault.slowMs);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    return send(200, JSON.stringify(answer));
  }

  private apply(path: string, url: URL, body: unknown): { status: 'ok' | 'error'; messages: string[] | null; data: unknown } {
    const ok = (data: unknown, messages: string[] | null = null) => ({ status: 'ok' as const, messages, data });
    const error = (message: string) => ({ status: 'error' as const, messages: [message], data: null });
    const present = (c: FakeCampaign) => ({ ...c.body, id: c.id, userState: c.userState, systemState: 'approved', confirmedHits: 0 });
    switch (path) {
      case 'siteAdd': {
        const campaign = body as { title?: string; urls?: unknown; userState?: string } | undefined;
        if (!campaign || !Array.isArray(campaign.urls) || campaign.urls.length === 0) return error('urls is required.');
        const problems = shapeProblems(campaign);
        if (problems.length) return error(problems.join('; '));
        const id = ++this.nextId;
        const title = String(campaign.title ?? '');
        this.campaigns.set(id, {
          id,
          title,
          body: campaign as Record<string, unknown>,
          userState: campaign.userState === 'paused' ? 'paused' : 'running',
        });
        this.added.push(title);
        return ok(null, [`Created #${id}`]);
      }
      case 'siteGet': {
        // id:N finds one; any other filter is a search on title or URL (oldest first, pages of at most 500 from page 1).
        const filter = url.searchParams.get('filter') ?? '';
        const page = Number(url.searchParams.get('page') ?? 1);
        const limit = Number(url.searchParams.get('limit') ?? 100);
        if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 500)
          return error('page from 1, limit 1 to 500.');
        const byId = /^id:(\d+)$/.exec(filter);
        const text = filter.toLowerCase();
        const matches = [...this.campaigns.values()].filter((c) =>
          byId
            ? c.id === Number(byId[1])
            : c.title.toLowerCase().includes(text) || ((c.body.urls as string[]) ?? []).some((u) => u.toLowerCase().includes(text)),
        );
        return ok(matches.slice((page - 1) * limit, page * limit).map(present));
      }
      case 'siteUpdate': {
        const { id, ...changes } = (body ?? {}) as { id?: number; userState?: string; title?: string };
        const campaign = this.campaigns.get(Number(id));
        if (!campaign) return error(`Campaign #${id} not found.`);
        const problems = shapeProblems(changes);
        if (problems.length) return error(problems.join('; '));
        campaign.body = { ...campaign.body, ...changes };
        if (changes.userState === 'paused' || changes.userState === 'running') campaign.userState = changes.userState;
        if (typeof changes.title === 'string') campaign.title = changes.title;
        return ok(null, [`Updated #${campaign.id}`]);
      }
      case 'siteDel': {
        if (!Array.isArray(body) || !body.every(Number.isInteger)) return error('siteDel takes an array of campaign ids.');
        for (const id of body as number[]) this.campaigns.delete(id);
        return ok(null, null);
      }
      case 'profileGet':
        return ok({ username: 'fake', slots: { used: this.campaigns.size, available: 1000 }, points: 1_000_000 });
      default:
        return error(`Unknown call ${path}.`);
    }
  }
}
