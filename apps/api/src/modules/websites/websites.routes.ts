import type { FastifyInstance } from 'fastify';
import { MSG } from '@traffic/shared';
import { websitesApi as api } from '@traffic/shared/contract';
import { currentUser } from '../../http/auth.ts';
import { route } from '../../http/endpoint-route.ts';
import { auditSource } from '../audit/index.ts';
import type { NinehitsClient } from '../delivery/index.ts';
import { checkHits } from './check-hits.ts';
import {
  createWebsite,
  deleteWebsite,
  listWebsites,
  loadWebsite,
  setAllWebsitesStatus,
  togglePause,
  updateWebsite,
} from './manage-websites.ts';

export function websitesRoutes(client: NinehitsClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const ctx = app.ctx;
    await route(app, api.list, async (request) => ({ websites: await listWebsites(ctx, currentUser(request)) }));
    await route(app, api.create, (request) => createWebsite(ctx, currentUser(request), request.body));
    await route(app, api.update, (request) => updateWebsite(ctx, currentUser(request), request.body, auditSource(request)));
    await route(app, api.load, (request) => loadWebsite(ctx, currentUser(request), request.params.id));
    await route(app, api.togglePause, (request) => togglePause(ctx, currentUser(request), request.params.id, auditSource(request)));
    await route(app, api.remove, async (request) => {
      await deleteWebsite(ctx, currentUser(request), request.params.id, auditSource(request));
      return { ok: true as const };
    });
    await route(app, api.setAllStatus, async (request) => ({
      count: await setAllWebsitesStatus(ctx, request.params.userId, request.params.status, auditSource(request)),
      message: MSG.websiteUpdated,
    }));
    await route(app, api.hits, (request) => checkHits(ctx, client, currentUser(request), request.params.id));
  };
}
