import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@traffic/shared';
import type { BodyOut, Endpoint, ParamsOut, QueryOut, ReplyOf } from '@traffic/shared/contract';

/** The OpenAPI tag of the entries a personal access token can call. */
export const CUSTOMER_API_TAG = 'Customer API';
const TOKEN_SCOPE_NOTE = {
  read: 'Customer API: a personal access token of either scope (read, or read and write) may call it.',
  write: 'Customer API: only a personal access token with the read and write scope may call it.',
} as const;

/** What a handler sees of its request: the parsed params, query and body its entry declares. */
export type EndpointRequest<E> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOut<E>;
  query: QueryOut<E>;
  body: BodyOut<E>;
};

/**
 * A handler answers the success body its entry declares, or the reply itself when it has already
 * sent (pre-serialised JSON from a cache). The success status is the entry's own.
 */
export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | FastifyReply> | ReplyOf<E> | FastifyReply;

/** Server-only policy for a route: its rate limit, and whether the session check reads the user-object stamp. */
export type RoutePolicy = Omit<FastifyContextConfig, 'auth'>;

/**
 * Registers one route from its registry entry (packages/shared/src/contract): method, path, auth
 * rule and schemas come from the entry, so the route file holds only the entry → use case line.
 * Requests are validated and responses serialised (and checked) against the entry's zod schemas.
 */
export async function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  policy: RoutePolicy = {},
): Promise<void> {
  const schemas = await entry.schemas();
  const [status] = Object.keys(schemas.responses).map(Number);
  const errors = Object.fromEntries(entry.errors.map((code) => [code, errorBodySchema]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: entry.method,
    url: entry.path,
    config: { ...policy, auth: entry.auth, ...(entry.token ? { token: entry.token } : {}) },
    schema: {
      // The Customer API (docs/decisions/0037-personal-access-tokens.md): what a token can reach, under its own tag.
      tags: entry.token ? [entry.tag, CUSTOMER_API_TAG] : [entry.tag],
      summary: entry.summary,
      ...(entry.token ? { description: TOKEN_SCOPE_NOTE[entry.token], security: [{ accessToken: [] }, { bearer: [] }] } : {}),
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      response: { ...schemas.responses, ...errors },
    },
    handler: (request, reply) => {
      // A handler that sent the reply itself returns it (or a promise of it); a reply is thenable, so
      // awaiting it gives no value, and `reply.sent` is what tells.
      const answer = (result: unknown) => (reply.sent || result === reply ? reply : reply.code(status ?? 200).send(result));
      const result = handler(request as unknown as EndpointRequest<E>, reply);
      // Any thenable but the reply (itself thenable): a promise, or a query a handler returned unawaited.
      if (result !== reply && typeof (result as PromiseLike<unknown> | null)?.then === 'function')
        return Promise.resolve(result as PromiseLike<unknown>).then(answer);
      // A handler that answered at once (a cached document, sent whole) pays for no promise, and a
      // reply that has ended needs nothing more from Fastify.
      const replied = answer(result);
      return replied.sent ? undefined : replied;
    },
  });
}
