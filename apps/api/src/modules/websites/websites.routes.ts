import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkStatusParamsSchema,
  confirmedHitsSchema,
  createWebsiteBodySchema,
  errorBodySchema,
  MSG,
  okSchema,
  pauseResultSchema,
  updateWebsiteBodySchema,
  websiteIdParamsSchema,
  websiteSchema,
} from '@traffic/shared';
import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import type { NinehitsClient } from '../delivery/ninehits-client.ts';
import { checkHits } from './check-hits.ts';
import { createWebsite, deleteWebsite, loadWebsite, setAllWebsitesStatus, togglePause, updateWebsite } from './manage-websites.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 502: errorBodySchema };

export function websitesRoutes(client: NinehitsClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ctx = app.ctx;
    const tags = ['websites'];

    r.post('/website', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Create a website', body: createWebsiteBodySchema, response: { 201: websiteSchema, ...errors } },
      handler: async (request, reply) => {
        const website = await createWebsite(ctx, currentUser(request), request.body);
        app.jobs.kick();
        return reply.code(201).send(website);
      },
    });

    r.put('/website', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Edit a website', body: updateWebsiteBodySchema, response: { 200: websiteSchema, ...errors } },
      handler: async (request) => {
        const website = await updateWebsite(ctx, currentUser(request), request.body);
        app.jobs.kick();
        return website;
      },
    });

    r.post('/website/edit/:id', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Load a website with its locations', params: websiteIdParamsSchema, response: { 200: websiteSchema, ...errors } },
      handler: (request) => loadWebsite(ctx, currentUser(request), request.params.id),
    });

    r.post('/website/:id/pause', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Pause an active website, or activate a paused one', params: websiteIdParamsSchema, response: { 200: pauseResultSchema, ...errors } },
      handler: async (request) => {
        const result = await togglePause(ctx, currentUser(request), request.params.id);
        app.jobs.kick();
        return result;
      },
    });

    r.delete('/website/:id', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Delete a website', params: websiteIdParamsSchema, response: { 200: okSchema, ...errors } },
      handler: async (request) => {
        await deleteWebsite(ctx, currentUser(request), request.params.id);
        app.jobs.kick();
        return { ok: true as const };
      },
    });

    r.post('/website/:userId/websites/:status', {
      config: { auth: 'admin' },
      schema: { tags, summary: "Pause or unpause all of a user's websites (admin)", params: bulkStatusParamsSchema, response: { 200: z.object({ count: z.number(), message: z.string() }), ...errors } },
      handler: async (request) => {
        const count = await setAllWebsitesStatus(ctx, request.params.userId, request.params.status);
        app.jobs.kick();
        return { count, message: MSG.websiteUpdated };
      },
    });

    r.get('/website/:id/hits', {
      config: { auth: 'user' },
      schema: { tags, summary: 'Delivered hits at 9Hits (Check hits)', params: websiteIdParamsSchema, response: { 200: confirmedHitsSchema, ...errors } },
      handler: (request) => checkHits(ctx, client, currentUser(request), request.params.id),
    });
  };
}
