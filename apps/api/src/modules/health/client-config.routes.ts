import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const clientConfigSchema = z.object({
  paymentsMode: z.enum(['sandbox', 'live']),
  /** PayPal's public client id for the JS SDK; null in sandbox mode, where our own approval dialog stands in. */
  paypalClientId: z.string().nullable(),
  currency: z.literal('USD'),
});

/** GET /api/config: what the browser needs to know about this deployment (never a secret). */
export async function clientConfigRoutes(app: FastifyInstance): Promise<void> {
  const { paymentsMode, paypal } = app.ctx.config;
  const body = { paymentsMode, paypalClientId: paymentsMode === 'live' ? paypal.clientId : null, currency: 'USD' as const };
  app.withTypeProvider<ZodTypeProvider>().get('/config', {
    config: { auth: 'public' },
    schema: { tags: ['health'], summary: 'Public runtime settings for the web app', response: { 200: clientConfigSchema } },
    handler: async () => body,
  });
}
