import type { FastifyInstance } from 'fastify';
import { paymentsApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { isAdmin } from '../../core/auth-user.ts';
import { auditSource } from '../audit/index.ts';
import { createCardCheckout } from './create-order.ts';
import { handlePayhereNotify } from './payhere/handle-payhere-notify.ts';
import { activatePurchasedAddon, finalizePackagePurchase } from './finalize-purchase.ts';
import { deleteActivatedAddon, grantAddon, grantPackage } from './admin-grants.ts';
import { listActivatedAddons } from './list-activated-addons.ts';

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  await route(app, api.createCardCheckout, (request) => createCardCheckout(ctx, currentUser(request), request.body.kind, request.body.id));
  await route(
    app,
    api.payhereNotify,
    async (request) => {
      const result = await app.metrics.countCallback('payhere', () => handlePayhereNotify(ctx, request.body));
      request.log.info({ orderId: request.body.order_id, result }, 'PayHere notify handled');
      return { result };
    },
    // PayHere sends one per charge; a flood from one address is not PayHere.
    { rateLimit: { max: 300, timeWindow: '1 minute' } },
  );
  await route(app, api.addPackage, (request) => {
    const actor = currentUser(request);
    const { pkg, email, uuid } = request.body;
    if (isAdmin(actor) && email && email.trim().toLowerCase() !== actor.email.toLowerCase())
      return grantPackage(ctx, actor, email, pkg, auditSource(request));
    return finalizePackagePurchase(ctx, actor, pkg, uuid);
  });
  await route(app, api.activatedAddons, (request) => listActivatedAddons(ctx, request.query));

  for (const kind of ['hits', 'slots'] as const) {
    const entries = api[kind];
    await route(app, entries.activate, (request) =>
      activatePurchasedAddon(ctx, currentUser(request), kind, request.body.additional_id, request.body.token),
    );
    await route(app, entries.grant, (request) =>
      grantAddon(ctx, currentUser(request), kind, request.body.email, request.body.additional_id, auditSource(request)),
    );
    await route(app, entries.remove, async (request) => {
      await deleteActivatedAddon(ctx, kind, request.params.id, auditSource(request));
      return { ok: true as const };
    });
  }
}
