import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import { checkHealth } from './check-health.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  await route(app, api.health, () => checkHealth(app.ctx));
}
