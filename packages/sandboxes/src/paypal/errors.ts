import type { FastifyReply } from 'fastify';
import { paypalStyleId } from './orders-store.ts';

/** PayPal's error bodies, as its REST API answers them: name, message, debug_id, details[{field, issue}]. */
type Reply = FastifyReply;

export function fail(reply: Reply, status: number, name: string, issue: string, message: string, field?: string): Reply {
  return reply.code(status).send({
    name,
    message,
    debug_id: paypalStyleId().slice(0, 13).toLowerCase(),
    details: [{ ...(field ? { field, location: 'body' } : {}), issue, description: message }],
  });
}
export const notFound = (reply: Reply) =>
  fail(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'The specified resource does not exist.');
export const unprocessable = (reply: Reply, issue: string, message: string) =>
  fail(reply, 422, 'UNPROCESSABLE_ENTITY', issue, `The requested action could not be performed. ${message}`);
export const invalid = (reply: Reply, field: string, issue: string) =>
  fail(reply, 400, 'INVALID_REQUEST', issue, 'Request is not well-formed, syntactically incorrect, or violates schema.', field);

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const optionalText = (v: unknown, max: number) => v === undefined || (typeof v === 'string' && v.length <= max);
