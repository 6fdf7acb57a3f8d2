import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateAddonBodySchema,
  activatedAddonsPageSchema,
  adminPageQuerySchema,
  addPackageBodySchema,
  checkoutFormSchema,
  createOrderBodySchema,
  errorBodySchema,
  grantAddonBodySchema,
  numericIdParamsSchema,
  okSchema,
  userSchema,
} from '@traffic/shared';
import { currentUser } from '../../http/auth.ts';
import { isAdmin } from '../../core/auth-user.ts';
import { createCardCheckout } from './create-order.ts';
import { handlePayhereNotify, payhereNotifySchema } from './handle-payhere-notify.ts';
import { activatePurchasedAddon, finalizePackagePurchase } from './finalize-purchase.ts';
import { deleteActivatedAddon, grantAddon, grantPackage } from './admin-grants.ts';
import { listActivatedAddons } from './list-activated-addons.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const addonRef = z.object({ type: z.string(), count: z.number(), name: z.string() });
const activationSchema = z.object({
  id: z.number(),
  expiry_date: z.string(),
  additional_hit: addonRef.optional(),
  additional_slot: addonRef.optional(),
});

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['payments'];

  r.post('/orders', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Start a card checkout (PayHere form fields)', body: createOrderBodySchema, response: { 201: checkoutFormSchema, ...errors, 429: errorBodySchema } },
    handler: async (request, reply) => reply.code(201).send(await createCardCheckout(ctx, currentUser(request), request.body.kind, request.body.id)),
  });

  r.post('/payments/payhere/notify', {
    // PayHere sends one per charge; a flood from one address is not PayHere.
    config: { auth: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
    schema: { tags, summary: 'PayHere server callback (form-encoded)', body: payhereNotifySchema, response: { 200: z.object({ result: z.string() }), 400: errorBodySchema, 429: errorBodySchema } },
    handler: async (request) => {
      const result = await handlePayhereNotify(ctx, request.body);
      app.jobs.kick();
      request.log.info({ orderId: request.body.order_id, result }, 'PayHere notify handled');
      return { result };
    },
  });

  r.post('/users/addPackage', {
    config: { auth: 'user' },
    schema: { tags, summary: 'Finalize a paid package order (customer) or grant a package by email (admin)', body: addPackageBodySchema, response: { 200: userSchema, ...errors } },
    handler: (request) => {
      const actor = currentUser(request);
      const { pkg, email, uuid } = request.body;
      if (isAdmin(actor) && email && email.trim().toLowerCase() !== actor.email.toLowerCase()) return grantPackage(ctx, actor, email, pkg);
      return finalizePackagePurchase(ctx, actor, pkg, uuid);
    },
  });

  r.get('/admin/activated-addons', {
    config: { auth: 'admin' },
    schema: { tags, summary: "Users' activated add-ons (admin 'Package details')", querystring: adminPageQuerySchema, response: { 200: activatedAddonsPageSchema, ...errors } },
    handler: (request) => listActivatedAddons(ctx, request.query),
  });

  for (const [path, kind] of [
    ['activated-additional-hits', 'hits'],
    ['activated-additional-slots', 'slots'],
  ] as const) {
    r.post(`/${path}`, {
      config: { auth: 'user' },
      schema: { tags, summary: `Activate a paid add-on (${kind})`, body: activateAddonBodySchema, response: { 200: activationSchema, ...errors } },
      handler: (request) => activatePurchasedAddon(ctx, currentUser(request), kind, request.body.additional_id, request.body.token),
    });
    r.post(`/${path}/email`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `Grant an add-on by email (admin, ${kind})`, body: grantAddonBodySchema, response: { 200: activationSchema, ...errors } },
      handler: (request) => grantAddon(ctx, currentUser(request), kind, request.body.email, request.body.additional_id),
    });
    r.delete(`/${path}/:id`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `Delete an activated add-on (admin, ${kind})`, params: numericIdParamsSchema, response: { 200: okSchema, ...errors } },
      handler: async (request) => {
        await deleteActivatedAddon(ctx, kind, request.params.id);
        return { ok: true as const };
      },
    });
  }
}
