import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import { schema } from '@traffic/db';

const { sandboxNinehitsCampaigns: campaigns } = schema;

/**
 * Sandbox time runs fast so that Check hits visibly grows: one 9Hits "hour" of delivery takes ten
 * real seconds, so a running campaign gains its hourly limit every ten seconds.
 */
export const SANDBOX_HOUR_MS = 10_000;

type Row = typeof campaigns.$inferSelect;

function currentHits(row: Row, now: number): number {
  if (row.userState !== 'running') return row.confirmedHits;
  const hours = (row.body as { hourlyLimit?: { hours?: { max: number }[] } }).hourlyLimit?.hours ?? [];
  const hourly = hours.reduce((sum, h) => sum + Math.max(h.max, 0), 0) / 24;
  return row.confirmedHits + Math.floor(((now - row.accruedAt.getTime()) / SANDBOX_HOUR_MS) * hourly);
}

/**
 * The embedded 9Hits panel API (INTEGRATIONS.md section 3): siteAdd, siteGet, siteUpdate, siteDel
 * with the `key` check and the `{status, messages, data}` envelope; state lives in the database.
 */
export async function ninehitsSandboxRoutes(app: FastifyInstance): Promise<void> {
  const { apiKey } = app.ctx.config.ninehits;
  const db = app.ctx.db;
  const ok = (reply: FastifyReply, data: unknown, messages: string[] | null = null) => reply.send({ status: 'ok', messages, data });
  const fail = (reply: FastifyReply, message: string, code = 200) => reply.code(code).send({ status: 'error', messages: [message], data: null });
  const keyOk = (request: FastifyRequest) => (request.query as { key?: string }).key === apiKey;
  const present = (row: Row) => ({ ...(row.body as object), id: row.id, userState: row.userState, confirmedHits: currentHits(row, Date.now()) });

  app.route({
    method: ['GET', 'POST'],
    url: '/siteAdd',
    config: { auth: 'public' },
    handler: async (request, reply) => {
      if (!keyOk(request)) return fail(reply, 'Invalid API key.', 401);
      const body = request.body as { title?: string; urls?: unknown; userState?: string } | undefined;
      if (!body || !Array.isArray(body.urls) || body.urls.length === 0) return fail(reply, 'urls is required.');
      const [row] = await db
        .insert(campaigns)
        .values({ body, userState: body.userState === 'paused' ? 'paused' : 'running' })
        .returning({ id: campaigns.id });
      return ok(reply, null, [`Created #${row!.id}`]);
    },
  });

  app.get('/siteGet', { config: { auth: 'public' } }, async (request, reply) => {
    if (!keyOk(request)) return fail(reply, 'Invalid API key.', 401);
    const q = request.query as { filter?: string; page?: string; limit?: string };
    const limit = Math.min(Math.max(Number(q.limit) || 100, 1), 500);
    const page = Math.max(Number(q.page) || 1, 1);
    const [field, value] = (q.filter ?? '').split(/:(.*)/s);
    let rows: Row[];
    if (field === 'id') rows = /^\d+$/.test(value ?? '') ? await db.select().from(campaigns).where(eq(campaigns.id, Number(value))) : [];
    else if (field === 'title') rows = await db.select().from(campaigns).where(sql`${campaigns.body}->>'title' = ${value ?? ''}`);
    else rows = await db.select().from(campaigns).orderBy(campaigns.id).limit(limit).offset((page - 1) * limit);
    return ok(reply, rows.map(present));
  });

  app.post('/siteUpdate', { config: { auth: 'public' } }, async (request, reply) => {
    if (!keyOk(request)) return fail(reply, 'Invalid API key.', 401);
    const { id, ...changes } = (request.body ?? {}) as { id?: number; userState?: string };
    const [row] = Number.isInteger(id) ? await db.select().from(campaigns).where(eq(campaigns.id, id!)) : [];
    if (!row) return fail(reply, `Campaign #${id} not found.`);
    // Bank what was delivered so far before the hourly limit or state changes.
    const hits = currentHits(row, Date.now());
    await db
      .update(campaigns)
      .set({
        body: { ...(row.body as object), ...changes },
        userState: changes.userState === 'paused' || changes.userState === 'running' ? changes.userState : row.userState,
        confirmedHits: hits,
        accruedAt: new Date(),
      })
      .where(eq(campaigns.id, row.id));
    return ok(reply, null, [`Updated #${row.id}`]);
  });

  app.post('/siteDel', { config: { auth: 'public' } }, async (request, reply) => {
    if (!keyOk(request)) return fail(reply, 'Invalid API key.', 401);
    const ids = Array.isArray(request.body) ? (request.body as unknown[]).filter((v): v is number => Number.isInteger(v)) : [];
    if (ids.length) await db.delete(campaigns).where(inArray(campaigns.id, ids));
    return ok(reply, null, [`Deleted ${ids.length}`]);
  });
}
