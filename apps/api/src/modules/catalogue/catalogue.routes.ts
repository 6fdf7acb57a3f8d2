import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addonListSchema,
  addonSchema,
  catalogueIdParamsSchema,
  createAddonBodySchema,
  createPackageBodySchema,
  errorBodySchema,
  okSchema,
  packageListSchema,
  packageSchema,
  updateAddonBodySchema,
  updatePackageBodySchema,
} from '@traffic/shared';
import { sendJson } from '../../http/send-json.ts';
import type { AddonKind } from './catalogue.repository.ts';
import { createAddon, createPackage, deleteAddon, deletePackage, updateAddon, updatePackage } from './manage-catalogue.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['catalogue'];

  // Reads are served as pre-serialised JSON from the in-memory catalogue.
  r.get('/packages', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Monthly packages', response: { 200: packageListSchema } },
    handler: async (_request, reply) => sendJson(reply, (await ctx.catalogue.get()).packages),
  });

  r.post('/packages', {
    config: { auth: 'admin' },
    schema: { tags, summary: 'Create a package (admin)', body: createPackageBodySchema, response: { 201: packageSchema, ...errors } },
    handler: async (request, reply) => reply.code(201).send(await createPackage(ctx, request.body)),
  });

  r.put('/packages', {
    config: { auth: 'admin' },
    schema: { tags, summary: 'Edit a package (admin)', body: updatePackageBodySchema, response: { 200: packageSchema, ...errors } },
    handler: (request) => updatePackage(ctx, request.body),
  });

  r.delete('/packages/:id', {
    config: { auth: 'admin' },
    schema: { tags, summary: 'Retire a package (admin)', params: catalogueIdParamsSchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await deletePackage(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  for (const [path, kind] of [
    ['additional-hits', 'hits'],
    ['additional-slots', 'slots'],
  ] as const satisfies readonly (readonly [string, AddonKind])[]) {
    const what = kind === 'hits' ? 'Extra-hits add-ons' : 'Extra-slots add-ons';
    r.get(`/${path}`, {
      config: { auth: 'public' },
      schema: { tags, summary: what, response: { 200: addonListSchema } },
      handler: async (_request, reply) => sendJson(reply, (await ctx.catalogue.get())[kind]),
    });
    r.post(`/${path}`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `Create (admin): ${what}`, body: createAddonBodySchema, response: { 201: addonSchema, ...errors } },
      handler: async (request, reply) => reply.code(201).send(await createAddon(ctx, kind, request.body)),
    });
    r.put(`/${path}`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `Edit (admin): ${what}`, body: updateAddonBodySchema, response: { 200: addonSchema, ...errors } },
      handler: (request) => updateAddon(ctx, kind, request.body),
    });
    r.delete(`/${path}/:id`, {
      config: { auth: 'admin' },
      schema: { tags, summary: `Retire (admin): ${what}`, params: catalogueIdParamsSchema, response: { 200: okSchema, ...errors } },
      handler: async (request) => {
        await deleteAddon(ctx, kind, request.params.id);
        return { ok: true as const };
      },
    });
  }
}
