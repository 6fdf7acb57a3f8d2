import type { FastifyInstance } from 'fastify';
import { paymentsApi } from '@traffic/shared/contract';
import { currentUser } from '../../../http/auth.ts';
import { route } from '../../../http/endpoint-route.ts';
import type { PaypalClient } from './paypal-client.ts';
import { createPaypalOrder } from './paypal-create-order.ts';
import { capturePaypalOrder } from './paypal-capture-order.ts';
import { handlePaypalWebhook } from './paypal-handle-webhook.ts';
import { confirmPaypalSubscription, createPaypalSubscription } from './paypal-subscriptions.ts';

const api = paymentsApi.paypal;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** The PayPal button's server side (docs/integrations.md, PayPal), and PayPal's webhook. */
export function paypalRoutes(paypal: PaypalClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;

    await route(app, api.createOrder, (request) =>
      createPaypalOrder(ctx, paypal, currentUser(request), request.body.kind, request.body.id),
    );
    // Each of these makes the server call PayPal: a script cannot make it do so without limit (and
    // each order also waits out a cool-down between calls, paypal-cool-down.ts).
    await route(app, api.capture, (request) => capturePaypalOrder(ctx, paypal, currentUser(request), request.params.id), perMinute(20));
    await route(app, api.createSubscription, (request) => createPaypalSubscription(ctx, paypal, currentUser(request), request.body.id));
    await route(
      app,
      api.confirmSubscription,
      (request) => confirmPaypalSubscription(ctx, paypal, currentUser(request), request.params.id),
      perMinute(20),
    );

    // The webhook is verified against its exact bytes, so in this scope JSON stays a string.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      await route(
        raw,
        api.webhook,
        async (request) => {
          const result = await app.metrics.countCallback('paypal', () => handlePaypalWebhook(ctx, paypal, request.headers, request.body));
          request.log.info({ result }, 'PayPal webhook handled');
          return { result };
        },
        // PayPal delivers a few events per payment; a flood from one address is not PayPal.
        perMinute(120),
      );
    });
  };
}
