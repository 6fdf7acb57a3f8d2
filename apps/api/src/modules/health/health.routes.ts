import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import { healthCheck, readinessCheck, type HealthDeps } from './check-health.ts';

export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const check = healthCheck(app.ctx, deps);
    await route(app, api.health, () => check());
    // Liveness asks nothing: a process that answers at all is alive (a restart would not help the rest).
    await route(app, api.live, () => ({ status: 'live' as const }));
    const ready = readinessCheck(app.ctx, deps.lifecycle);
    await route(app, api.ready, () => ready());
  };
}
