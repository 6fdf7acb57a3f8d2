import type { FastifyReply } from 'fastify';

/**
 * Sends an already serialised JSON document as is (Fastify skips serialization for a string with a
 * JSON content type). The route keeps its response schema for the OpenAPI document; the cast only
 * tells the type provider that this string is that document.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}
