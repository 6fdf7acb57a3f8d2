import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@traffic/db';
// `schema.hide` below is @fastify/swagger's: the server's OpenAPI document leaves these routes out.
import type {} from '@fastify/swagger';
import type { SandboxOptions } from '../options.ts';
import { sandboxTokenValid } from './signature.ts';

/** Route options of the PayPal stand-in: outside the server's sign-in, and not in its OpenAPI document. */
const ROUTE = { config: { auth: 'public' as const }, schema: { hide: true } };

/** What the PayPal stand-in's route files share: its address, its database and PayPal's request checks. */
export interface PaypalSandbox {
  options: SandboxOptions;
  db: Db;
  /** `${appUrl}/sandbox/paypal`, where the links of its answers point. */
  base: string;
  opts: typeof ROUTE;
  /** A valid Bearer token from /v1/oauth2/token, or a 401 as PayPal answers it (then false). */
  authorized: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /** The PayPal-Request-Id header that makes a create idempotent, when it is a usable one. */
  requestId: (request: FastifyRequest) => string | undefined;
}

export function paypalSandbox(options: SandboxOptions): PaypalSandbox {
  const { clientSecret } = options.paypal;
  return {
    options,
    db: options.db,
    base: `${options.appUrl}/sandbox/paypal`,
    opts: ROUTE,
    authorized: (request, reply) => {
      const header = request.headers.authorization ?? '';
      if (header.startsWith('Bearer ') && sandboxTokenValid(clientSecret, header.slice(7), Date.now())) return true;
      void reply.code(401).send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return false;
    },
    requestId: (request) => {
      const value = request.headers['paypal-request-id'];
      return typeof value === 'string' && value.length > 0 && value.length <= 108 ? value : undefined;
    },
  };
}

/** The test buyers, recognised by their email: refused at capture or approval with INSTRUMENT_DECLINED. */
export const SANDBOX_DECLINED_BUYER = /^declined(\+[^@]*)?@example\.com$/i;
/** Their capture is PENDING (status_details.reason PENDING_REVIEW) until a helper completes or denies it. */
export const SANDBOX_PENDING_BUYER = /^pending(\+[^@]*)?@example\.com$/i;
