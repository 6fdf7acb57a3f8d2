import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { captureResultSchema, createOrderBodySchema, errorBodySchema, paypalOrderSchema } from '@traffic/shared';
import { currentUser } from '../../http/auth.ts';
import { PaypalClient } from './paypal-client.ts';
import { createPaypalOrder } from './paypal-create-order.ts';
import { capturePaypalOrder } from './paypal-capture-order.ts';
import { handlePaypalWebhook } from './paypal-handle-webhook.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema };
const paypalOrderParams = z.object({
  id: z.string().trim().min(1, 'id is required').max(64).regex(/^[A-Za-z0-9-]+$/, 'id is not a PayPal order id'),
});

/** The PayPal button's server side (INTEGRATIONS.md section 2, RULES.md "Wire details"). */
export async function paypalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const paypal = new PaypalClient(ctx.config.paypal);
  const tags = ['payments'];

  r.post('/payments/paypal/orders', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Create a PayPal order for a catalogue item (the button\'s createOrder)', body: createOrderBodySchema, response: { 201: paypalOrderSchema, ...errors, 429: errorBodySchema } },
    handler: async (request, reply) => reply.code(201).send(await createPaypalOrder(ctx, paypal, currentUser(request), request.body.kind, request.body.id)),
  });

  r.post('/payments/paypal/orders/:id/capture', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Capture an approved PayPal order (the button\'s onApprove)', params: paypalOrderParams, response: { 200: captureResultSchema, ...errors } },
    handler: (request) => capturePaypalOrder(ctx, paypal, currentUser(request), request.params.id),
  });

  // The webhook is verified against its exact bytes, so in this scope JSON stays a string.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post('/payments/paypal/webhook', {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'PayPal webhook (verified with verify-webhook-signature)',
        body: z.string(),
        response: { 200: z.object({ result: z.string() }), 400: errorBodySchema, 503: errorBodySchema },
      },
      handler: async (request) => {
        const result = await handlePaypalWebhook(ctx, paypal, request.headers, request.body);
        request.log.info({ result }, 'PayPal webhook handled');
        return { result };
      },
    });
  });
}
