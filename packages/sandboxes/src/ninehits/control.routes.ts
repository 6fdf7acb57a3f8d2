import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { PUBLIC_ROUTE, type SandboxOptions } from '../options.ts';
import { controlBodySchema, type SandboxControl } from './control.ts';
import { confirmedHitsOf } from './delivery.ts';
import { error, ok } from './envelope.ts';
import { messagesOf } from './schema.ts';

const { sandboxNinehitsCampaigns: campaigns } = schema;

/** `POST /sandbox/9hits/control`: the test control that makes the panel API slow, failing or forgetful (control.ts). */
export function ninehitsControlRoute(app: FastifyInstance, options: SandboxOptions, control: SandboxControl): void {
  const { db } = options;
  const keyOk = (request: FastifyRequest) => (request.query as { key?: unknown }).key === options.ninehits.apiKey;

  // Not part of 9Hits: the switch tests and developers use to make the sandbox misbehave.
  app.post('/control', PUBLIC_ROUTE, async (request, reply) => {
    if (!keyOk(request)) return reply.code(401).send(error('Invalid API key.'));
    // The sandbox key is public (it ships in the code): the switch is the server's own machine's.
    await options.thisMachineOrAdmin(request, "The 9Hits sandbox's control route");
    const parsed = controlBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send(error(...messagesOf(parsed.error)));
    const { systemState } = parsed.data;
    if (systemState) {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, systemState.id));
      if (!row) return reply.code(404).send(error(`Campaign #${systemState.id} not found.`));
      const now = new Date();
      await db
        .update(campaigns)
        .set({ systemState: systemState.state, confirmedHits: confirmedHitsOf(row, now.getTime()), accruedAt: now })
        .where(eq(campaigns.id, row.id));
    }
    control.apply(parsed.data);
    return reply.send(ok(control.state()));
  });
}
