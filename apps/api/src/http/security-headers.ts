import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import type { RequestStep } from './request-hooks.ts';

/**
 * What every JSON answer of the API carries (OWASP's REST Security Cheat Sheet): nothing may load
 * from it or frame it, no sniffing, no referrer. The document headers below (COOP, the page CSP's
 * sources, DNS prefetch...) only mean something for a page a browser renders; sending them on each
 * API answer cost ~900 bytes and Node's check of every name and value (decision 0044).
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API's answers, apart from its documentation pages (HTML, under the document headers). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every answer, set by the one onRequest hook (http/request-hooks.ts). A page's
 * CSP allows what the built app needs and no more: its own scripts, Emotion's injected styles, the
 * PayPal JS SDK's origins, and posting the checkout form to the card gateway. The API's JSON answers
 * get the shorter, stricter set above.
 * helmet's middleware is built and run once, here: @fastify/helmet rebuilt it (and its CSP string) on
 * every request, which cost GET /api/packages about 40% of its throughput (docs/performance.md).
 */
export function securityHeaders(config: Config): RequestStep {
  const gateway = new URL(config.payhere.baseUrl).origin;
  // The PayPal JS SDK loads scripts, frames, images and calls from these (PayPal's CSP guidance).
  const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paypal],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...paypal],
        frameSrc: ["'self'", ...paypal],
        formAction: ["'self'", gateway],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: config.appUrl.startsWith('https:') ? undefined : false,
  });
  // Take the page headers from helmet once and set them as one object (Fastify writes them with the
  // status line), not through a dozen middleware calls per request.
  const documentHeaders = headersOf(setHeaders);
  const hsts = documentHeaders['strict-transport-security'];
  const apiHeaders = hsts ? { ...API_HEADERS, 'strict-transport-security': hsts } : API_HEADERS;
  return (request, reply) => void reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  middleware({ headers: {} } as IncomingMessage, res, (error) => (failure = error));
  if (failure) throw failure;
  return headers;
}
