import type { FastifyInstance } from 'fastify';
import { billingApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { billingOverview, cancelRenewal } from './billing-overview.ts';
import { billingHistory, receiptPdf } from './billing-history.ts';

/** The customer's /billing page: packages and renewals, history, receipts. */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  await route(app, api.overview, (request) => billingOverview(ctx, currentUser(request)));
  await route(app, api.cancelRenewal, (request) => cancelRenewal(ctx, currentUser(request), request.params.type));
  await route(app, api.history, (request) => billingHistory(ctx, currentUser(request), request.query.page, request.query.size));
  await route(app, api.receipt, async (request, reply) => {
    const { fileName, pdf } = await receiptPdf(ctx, currentUser(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
