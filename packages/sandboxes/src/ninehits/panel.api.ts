import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { confirmedHitsOf, presentCampaign } from './delivery.ts';
import { DEFAULT_POINTS, DEFAULT_SLOTS, loseAnswer, sendFailure, type SandboxControl, type SandboxPath } from './control.ts';
import { error, ok, okList, type Envelope } from './envelope.ts';
import { macroProblems } from './macros.ts';
import { messagesOf, siteAddSchema, siteDelSchema, siteUpdateSchema, type SandboxCampaignBody } from './schema.ts';

const { sandboxNinehitsCampaigns: campaigns, sandboxNinehitsCampaignCount: campaignCount } = schema;

/**
 * The account's slots in use: its campaigns, as counted by migration 0036's triggers (counting
 * them here took 30 ms at 300,000). Counted whole only when the count's row was wiped with them.
 */
async function slotsUsed(db: SandboxOptions['db']): Promise<number> {
  const [row] = await db.select({ used: campaignCount.campaigns }).from(campaignCount);
  if (row) return Number(row.used);
  const [counted] = await db.select({ used: count() }).from(campaigns);
  return Number(counted?.used ?? 0);
}

type Campaign = typeof campaigns.$inferSelect;
const creationOrder = [asc(campaigns.createdAt), asc(campaigns.id)];
/**
 * The number migration 0039's trigger gives the campaigns with each change of the listing's members
 * or order, with the count row's version (a database made again under a running process restarts
 * the sequence, not the cluster's transaction ids); null without the row.
 */
const changesNow = sql<string | null>`(select ${campaignCount.changes}::text || ':' || xmin::text from ${campaignCount})`;

/**
 * Page `page` of the campaigns matching `where`, oldest first: the page's ids first, from the
 * (created_at, id) index alone, then only their rows (an offset over whole rows fetched, and threw
 * away, every row before the page: ~0.5 s for page 600).
 */
async function pageByPosition(db: SandboxOptions['db'], where: SQL, page: number, limit: number) {
  const pageIds = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(...creationOrder)
    .limit(limit)
    .offset((page - 1) * limit);
  return db
    .select({ campaign: campaigns, changes: changesNow })
    .from(campaigns)
    .where(inArray(campaigns.id, pageIds))
    .orderBy(...creationOrder);
}

/**
 * Where a sandbox's last page of the whole listing ended, by page size: the page, the campaigns'
 * `changes` number then, and its last campaign. One map per mounted sandbox (its own database); a few
 * sizes at most are ever asked for.
 */
type ListingEnds = Map<number, { page: number; changes: string; lastId: number }>;

/**
 * Page `page` of every campaign (the delivery collection reads them all, in order). Right after page
 * p - 1 of the same size, page p starts after p - 1's last campaign, in one index range instead of
 * skipping (p - 1) × limit entries: the same campaigns, as long as none was added or removed since
 * (the same `changes` number, read in the page's own statement; an edit of a campaign's body does
 * not change this order, and one of its creation time or id changes the number). Otherwise, and for the first page, by position.
 */
async function listingPage(db: SandboxOptions['db'], listingEnds: ListingEnds, page: number, limit: number): Promise<Campaign[]> {
  const end = listingEnds.get(limit);
  let rows: { campaign: Campaign; changes: string | null }[] | undefined;
  if (end && end.page === page - 1) {
    const following = await db
      .select({ campaign: campaigns, changes: changesNow })
      .from(campaigns)
      .where(
        sql`(${campaigns.createdAt}, ${campaigns.id}) > (select last.created_at, last.id from ${campaigns} last where last.id = ${end.lastId})`,
      )
      .orderBy(...creationOrder)
      .limit(limit);
    // An empty page says nothing of the changes: read by position (past the end, that is cheap).
    if (following.length > 0 && String(following[0]!.changes) === end.changes) rows = following;
  }
  rows ??= await pageByPosition(db, sql`true`, page, limit);
  const last = rows.at(-1);
  if (last && last.changes !== null) listingEnds.set(limit, { page, changes: String(last.changes), lastId: last.campaign.id });
  else listingEnds.delete(limit);
  return rows.map((r) => r.campaign);
}

/** The macros of a campaign body, checked as the viewer would run them. */
function macroErrors(body: SandboxCampaignBody): string[] {
  const problems: string[] = [];
  for (const field of ['macros', 'popupMacros'] as const) {
    const source = body[field];
    if (source) problems.push(...macroProblems(source).map((p) => `${field}: ${p}`));
  }
  return problems;
}

/** LIKE's "contains", its own characters (`%`, `_`, `\\`) taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The title-or-URL search, as documented: the text anywhere in either, case-insensitively. The
 * trigram indexes (migration 0034) answer a LIKE by reading the posting list of every trigram of
 * its text, and the text a sync searches for (`traffic-site-{id}-campaign`) shares most of its
 * trigrams with every other campaign's title: ~19 ms a search among 300,000 campaigns, the bench's
 * account (docs/performance.md, run 13). Any piece of the text is in every campaign that has the
 * whole, so the index is asked for the text's longest run of digits (an id, a rare piece) and the
 * whole text filters what it finds: 0.3 ms. A text without three digits in a row is looked up whole.
 */
function textSearch(filter: string) {
  const whole = contains(filter.toLowerCase());
  const matches = sql`(${campaigns.titleSearch} like ${whole} or ${campaigns.urlsSearch} like ${whole})`;
  const digits = (filter.match(/\d{3,}/g) ?? []).reduce((longest, run) => (run.length > longest.length ? run : longest), '');
  if (!digits || digits.length === filter.length) return matches;
  const piece = contains(digits);
  // OFFSET 0 keeps the inner query as written: merged into the outer one, the planner would hand
  // the index both texts again.
  return sql`${campaigns.id} in (select found.id from (select ${campaigns.id}, ${campaigns.titleSearch}, ${campaigns.urlsSearch} from ${campaigns}
    where ${campaigns.titleSearch} like ${piece} or ${campaigns.urlsSearch} like ${piece} offset 0) found
    where found.title_search like ${whole} or found.urls_search like ${whole})`;
}

const positive = (v: string | undefined, fallback: number) => (v === undefined ? fallback : /^\d{1,9}$/.test(v) ? Number(v) : NaN);

/**
 * The embedded 9Hits panel API (`/sandbox/9hits/api/*`), strict where the documentation is: the
 * `key` check, the `{status, messages, data}` envelope, campaign bodies validated field by field
 * (schema.ts) and their macros parsed (macros.ts), siteGet's `id:` filter or text search on title
 * or URL, `limit` 100 unless asked, up to 500, `page` from 1, oldest first, each campaign with
 * every documented field (delivery.ts's presentCampaign). Delivery follows each campaign's hourly
 * buckets (delivery.ts). State lives in the database; `POST /sandbox/9hits/control` makes it slow,
 * failing or forgetful (control.ts).
 */
export async function ninehitsPanelApi(app: FastifyInstance, options: SandboxOptions, control: SandboxControl): Promise<void> {
  const { db } = options;
  const keyOk = (request: FastifyRequest) => (request.query as { key?: unknown }).key === options.ninehits.apiKey;
  const listingEnds: ListingEnds = new Map();

  await app.register(
    async (api) => {
      // Whatever goes wrong before a handler (malformed JSON, a wrong content type) answers in the envelope too.
      // A refusal of the server's merchant-API guard keeps its status.
      api.setErrorHandler((err: { statusCode?: number; message: string }, _request, reply) => {
        const status = options.statusOf(err) ?? err.statusCode;
        return reply.code(status && status < 500 ? status : 500).send(error(err.message));
      });
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send(error(`Unknown API call ${request.method} ${request.url.split('?')[0]}`)),
      );

      const route = (method: 'GET' | 'POST', path: SandboxPath, handle: (request: FastifyRequest) => Promise<Envelope | Buffer>) =>
        api.route({
          method,
          url: `/${path}`,
          ...PUBLIC_ROUTE,
          handler: async (request, reply) => {
            control.count(path);
            if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
            const failure = control.takeFailure(path);
            if (failure) return sendFailure(reply, failure);
            if (!keyOk(request)) return reply.code(401).send(error('Invalid API key.'));
            const answer = await handle(request);
            // An answer already in bytes (okList) is an ok one.
            const bytes = Buffer.isBuffer(answer);
            const loss = bytes || answer.status === 'ok' ? control.takeLoss(path) : undefined;
            if (loss) return loseAnswer(reply, loss);
            return bytes ? reply.type('application/json; charset=utf-8').send(answer) : reply.send(answer);
          },
        });

      route('POST', 'siteAdd', async (request) => {
        const parsed = siteAddSchema.safeParse(request.body);
        if (!parsed.success) return error(...messagesOf(parsed.error));
        const problems = macroErrors(parsed.data);
        if (problems.length) return error(...problems);
        if ((await slotsUsed(db)) >= (control.slots ?? DEFAULT_SLOTS)) return error('You have no campaign slots left.');
        const [row] = await db
          .insert(campaigns)
          .values({ body: parsed.data, userState: parsed.data.userState ?? 'running' })
          .returning({ id: campaigns.id });
        return ok(null, [`Created #${row!.id}`]);
      });

      route('GET', 'siteGet', async (request) => {
        const q = request.query as { filter?: string; page?: string; limit?: string };
        const page = positive(q.page, 1);
        const limit = positive(q.limit, 100);
        if (!(page >= 1)) return error('page must be a whole number from 1.');
        if (!(limit >= 1 && limit <= 500)) return error('limit must be a whole number from 1 to 500.');
        const filter = (q.filter ?? '').trim();
        const byId = /^id:(.*)$/s.exec(filter);
        const where = byId
          ? /^\d{1,9}$/.test(byId[1]!.trim())
            ? eq(campaigns.id, Number(byId[1]!.trim()))
            : sql`false`
          : filter
            ? // Any other text is a search on title or URL, as documented: a `title:` prefix is just more text.
              textSearch(filter)
            : sql`true`;
        const rows = filter
          ? (await pageByPosition(db, where, page, limit)).map((r) => r.campaign)
          : await listingPage(db, listingEnds, page, limit);
        const now = Date.now();
        return okList(
          rows.map((r) => presentCampaign(r, now)),
          [`Fetched ${rows.length}`],
        );
      });

      route('POST', 'siteUpdate', async (request) => {
        const parsed = siteUpdateSchema.safeParse(request.body);
        if (!parsed.success) return error(...messagesOf(parsed.error));
        const { id, resetHitCounter, ...changes } = parsed.data;
        const problems = macroErrors(changes);
        if (problems.length) return error(...problems);
        const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
        if (!row) return error(`Campaign #${id} not found.`);
        const now = new Date();
        // Bank what was delivered so far before the hourly limit or the state changes.
        await db
          .update(campaigns)
          .set({
            body: { ...(row.body as object), ...changes },
            userState: changes.userState ?? row.userState,
            confirmedHits: resetHitCounter ? 0 : confirmedHitsOf(row, now.getTime()),
            accruedAt: now,
          })
          .where(eq(campaigns.id, id));
        return ok(null, [`Updated #${id}`]);
      });

      route('POST', 'siteDel', async (request) => {
        const parsed = siteDelSchema.safeParse(request.body);
        if (!parsed.success) return error(...messagesOf(parsed.error));
        await db.delete(campaigns).where(inArray(campaigns.id, parsed.data));
        return ok(null, null);
      });

      route('GET', 'profileGet', async () => {
        const used = await slotsUsed(db);
        const total = control.slots ?? DEFAULT_SLOTS;
        return ok({
          username: 'sandbox',
          email: 'sandbox@example.com',
          joined: '2020-01-01 00:00:00',
          funds: 0,
          slots: { used, available: Math.max(total - used, 0) },
          points: control.points ?? DEFAULT_POINTS,
          membership: 'Sandbox',
          membershipEndDate: null,
        });
      });
    },
    { prefix: '/api' },
  );
}
