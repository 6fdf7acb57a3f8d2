import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import { healthCheck, type HealthDeps } from './check-health.ts';

export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    const check = healthCheck(app.ctx, deps);
    await route(app, api.health, () => check());
  };
}
