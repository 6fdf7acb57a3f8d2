import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error.ts';
import { signedInCaller } from './auth.ts';
import { isAdmin } from '../core/auth-user.ts';

/** 127.0.0.0/8 and ::1, also as Node reports IPv4 on a dual-stack socket (::ffff:127.x.x.x). */
const LOOPBACK_PEER = /^(?:(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/i;
/** Names a browser on this machine uses for it. */
const LOOPBACK_HOST = /^(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d+)?$/i;
/** Any of these means a proxy relayed the request: the one who asked is somewhere else. */
const RELAY_HEADERS = [
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
  'via',
  'x-forwarded-host',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
];

/**
 * Whether a request comes from the machine the server runs on (decision 0015). Three things must
 * hold, because each alone can be faked or can mislead:
 * - the TCP peer is a loopback address: the socket's own address, never `request.ip`, which
 *   trustProxy takes from X-Forwarded-For when a loopback or private-network peer sends it (anyone
 *   on the private network could then claim 127.0.0.1);
 * - no proxy header at all: a reverse proxy on this machine connects over loopback too, on behalf
 *   of visitors from anywhere;
 * - the Host header names this machine (localhost, 127.x, [::1]): a proxy that sends no forwarding
 *   header usually passes the public name, and a web page using DNS rebinding to reach this port
 *   from a local browser carries its own name.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK_PEER.test(peer)) return false;
  if (RELAY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK_HOST.test(request.headers.host ?? '');
}

/**
 * The sandboxes' pages and controls that reach into other people's data (the mail outbox, the
 * card ledger, charge-backs, the 9Hits fault switch): open to the server's own machine, and
 * elsewhere only to a signed-in administrator's token.
 */
export async function assertThisMachineOrAdmin(app: FastifyInstance, request: FastifyRequest, what: string): Promise<void> {
  if (isFromThisMachine(request)) return;
  const caller = await signedInCaller(app, request);
  if (!caller || !isAdmin(caller))
    throw new AppError('FORBIDDEN', `${what} is open only on the server itself, or to a signed-in administrator.`);
}

/**
 * The sandboxes' stand-ins for the vendors' merchant APIs, as route patterns: PayPal's REST API
 * (`/v1/*`, `/v2/*`) and its helpers that settle or refund anyone's capture, PayHere's merchant API
 * (refunds, subscription cancels, payment search) and the 9Hits panel API (every customer's campaign
 * URLs). Their credentials are the sandbox's built-in ones, public in the code, so the credential
 * proves nothing: only the server itself (its adapters call them over loopback) or an administrator
 * reaches them. The buyer's pages stay open to any browser: PayHere's checkout and confirm, PayPal's
 * order and subscription approvals.
 */
const SANDBOX_MERCHANT_API =
  /^\/sandbox\/(?:paypal\/v\d+\/|paypal\/orders\/:id\/(?:complete|deny|refund)$|payhere\/merchant\/|9hits\/api\/)/;

/** Whether a route (its pattern, as registered) is one of the sandboxes' merchant-API stand-ins. */
export const isSandboxMerchantApi = (routeUrl: string | undefined): boolean => SANDBOX_MERCHANT_API.test(routeUrl ?? '');

/**
 * Refuses the sandboxes' merchant-API stand-ins to anyone but this machine or an administrator. Their
 * callers send the vendor's own Authorization (Basic, or the sandbox's Bearer token), which names no
 * session here: from elsewhere that is a plain refusal (403), not a sign-in problem.
 */
export function guardSandboxMerchantApis(app: FastifyInstance, sandbox: FastifyInstance): void {
  sandbox.addHook('onRequest', async (request) => {
    if (!isSandboxMerchantApi(request.routeOptions.url) || isFromThisMachine(request)) return;
    const caller = await signedInCaller(app, request).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (!caller || !isAdmin(caller))
      throw new AppError('FORBIDDEN', "The sandbox's merchant API is open only on the server itself, or to a signed-in administrator.");
  });
}
