import type { FastifyInstance } from 'fastify';
import { deliveryApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { businessStats } from './business-stats.ts';
import { typeHistory, typeMonths, websiteHistory, websiteMonths } from './delivery-history.ts';

/** Delivered hits per day (a website's chart, Home's stacked chart) and the admin's picture of the business. */
export async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(app, api.website, (request) => websiteHistory(ctx, currentUser(request), request.params.id, request.query.days));
  await route(app, api.type, (request) => typeHistory(ctx, currentUser(request), request.params.type, request.query.days));
  await route(app, api.websiteMonths, (request) => websiteMonths(ctx, currentUser(request), request.params.id, request.query.months));
  await route(app, api.typeMonths, (request) => typeMonths(ctx, currentUser(request), request.params.type, request.query.months));
  await route(app, api.business, () => businessStats(ctx));
}
