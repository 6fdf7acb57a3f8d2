import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import { mayReadMetrics } from '../../http/metrics.ts';
import { healthCheck, readinessCheck, type HealthDeps } from './check-health.ts';

export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const check = healthCheck(app.ctx, deps);
    // Anyone may know whether the service is up; the queue's depth, dead jobs and what is down are
    // the operator's, under the metrics rule (http/metrics.ts).
    await route(app, api.health, async (request) => {
      const health = await check();
      return mayReadMetrics(request, app.ctx.config.metricsToken) ? health : { status: health.status };
    });
    // Liveness asks nothing: a process that answers at all is alive (a restart would not help the rest).
    await route(app, api.live, () => ({ status: 'live' as const }));
    const ready = readinessCheck(app.ctx, deps.lifecycle);
    await route(app, api.ready, () => ready());
  };
}
