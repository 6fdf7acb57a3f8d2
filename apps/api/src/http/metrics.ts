import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../core/metrics.ts';
import { isFromThisMachine } from './local-request.ts';
import type { ResponseStep } from './request-hooks.ts';

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Who may read what only an operator needs (GET /metrics, the details of GET /api/health): with
 * METRICS_TOKEN set, a caller sending `Authorization: Bearer <token>`; without it, only this machine.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  return token ? sameText(request.headers.authorization ?? '', `Bearer ${token}`) : isFromThisMachine(request);
}

/**
 * Request metrics for every route (its pattern, never the raw URL, so ids do not multiply the
 * series), recorded by the one onResponse hook (http/request-hooks.ts).
 */
export function responseMetrics(metrics: Metrics): ResponseStep {
  return (request, reply, ms) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') metrics.http.record(request.method, route, reply.statusCode, ms / 1000);
  };
}

/**
 * GET /metrics in Prometheus's text format. Who may scrape it (docs/deploy.md): with METRICS_TOKEN
 * set, a caller sending `Authorization: Bearer <token>`; without it, only this machine (a Prometheus
 * or agent on the same host), as the sandboxes' operator pages are.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      return reply
        .code(token ? 401 : 403)
        .type('text/plain; charset=utf-8')
        .send(token ? 'A bearer token is required.' : 'Metrics answer this machine only; set METRICS_TOKEN to scrape from elsewhere.');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
