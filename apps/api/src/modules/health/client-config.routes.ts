import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '@traffic/shared';
import { healthApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';

/** GET /api/config: what the browser needs to know about this deployment (never a secret). */
export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  const { paymentsMode, paypal } = app.ctx.config;
  const body: ClientConfig = { paymentsMode, paypalClientId: paymentsMode === 'live' ? paypal.clientId : null, currency: 'USD' };
  await route(app, api.clientConfig, () => body);
}
