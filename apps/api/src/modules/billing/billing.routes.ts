import type { FastifyInstance } from 'fastify';
import { billingApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource } from '../audit/index.ts';
import { billingOverview, billingReminders, cancelRenewal, setBillingReminders } from './billing-overview.ts';
import { billingHistory, receiptPdf } from './billing-history.ts';
import { packageChangePreview } from '../websites/index.ts';
import { listPayments, refundPayment, type Gateways } from './refund-payment.ts';

/** The customer's /billing page (packages and renewals, history, receipts) and the admin's Payments screen. */
export function billingRoutes(gateways: Gateways) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    await route(app, api.adminPayments, (request) => listPayments(ctx, request.query));
    await route(app, api.refund, (request) =>
      refundPayment(ctx, gateways, currentUser(request), request.params.id, request.body.reason, auditSource(request)),
    );
    await route(app, api.overview, (request) => billingOverview(ctx, currentUser(request)));
    await route(app, api.cancelRenewal, (request) => cancelRenewal(ctx, currentUser(request), request.params.type));
    await route(app, api.reminders, (request) => billingReminders(ctx, currentUser(request)));
    await route(app, api.setReminders, (request) => setBillingReminders(ctx, currentUser(request), request.body.enabled));
    await route(app, api.change, (request) => packageChangePreview(ctx, currentUser(request), request.params.id));
    await route(app, api.history, (request) => billingHistory(ctx, currentUser(request), request.query.page, request.query.size));
    await route(
      app,
      api.receipt,
      async (request, reply) => {
        const { fileName, pdf } = await receiptPdf(ctx, currentUser(request), request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
      // Each receipt is a PDF drawn on request: per customer (after the session check, whatever
      // the address), a burst of downloads is fine and a script drawing thousands is not.
      {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `receipts:${currentUser(request).id}`,
        },
      },
    );
  };
}
