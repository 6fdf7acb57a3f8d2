import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CatalogueSnapshot } from '../../core/context.ts';
import { catalogueApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import { sendJson } from '../../http/send-json.ts';
import { auditSource } from '../audit/index.ts';
import {
  catalogueHolders,
  createAddon,
  createPackage,
  deleteAddon,
  deletePackage,
  updateAddon,
  updatePackage,
} from './manage-catalogue.ts';

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const ok = { ok: true as const };

  // Reads are served as pre-serialised JSON from the in-memory catalogue, at once when it is loaded.
  const list = (kind: keyof CatalogueSnapshot) => (_request: unknown, reply: FastifyReply) => {
    const ready = ctx.catalogue.ready();
    return ready ? sendJson(reply, ready[kind]) : ctx.catalogue.get().then((catalogue) => sendJson(reply, catalogue[kind]));
  };
  await route(app, api.packages.list, list('packages'));
  await route(app, api.packages.create, (request) => createPackage(ctx, request.body, auditSource(request)));
  await route(app, api.packages.update, (request) => updatePackage(ctx, request.body, auditSource(request)));
  await route(app, api.packages.holders, (request) => catalogueHolders(ctx, 'package', request.params.id));
  await route(app, api.packages.remove, async (request) => {
    await deletePackage(ctx, request.params.id, auditSource(request));
    return ok;
  });

  for (const kind of ['hits', 'slots'] as const) {
    const entries = api[kind];
    await route(app, entries.list, list(kind));
    await route(app, entries.create, (request) => createAddon(ctx, kind, request.body, auditSource(request)));
    await route(app, entries.update, (request) => updateAddon(ctx, kind, request.body, auditSource(request)));
    await route(app, entries.holders, (request) => catalogueHolders(ctx, kind, request.params.id));
    await route(app, entries.remove, async (request) => {
      await deleteAddon(ctx, kind, request.params.id, auditSource(request));
      return ok;
    });
  }
}
