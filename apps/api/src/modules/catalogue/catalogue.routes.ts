import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addonListSchema, packageListSchema } from '@traffic/shared';
import { listAddons, listPackages } from './list-catalogue.ts';

export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];

  r.get('/packages', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Monthly packages', response: { 200: packageListSchema } },
    handler: () => listPackages(app.ctx),
  });

  r.get('/additional-hits', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Extra-hits add-ons', response: { 200: addonListSchema } },
    handler: () => listAddons(app.ctx, 'hits'),
  });

  r.get('/additional-slots', {
    config: { auth: 'public' },
    schema: { tags, summary: 'Extra-slots add-ons', response: { 200: addonListSchema } },
    handler: () => listAddons(app.ctx, 'slots'),
  });
}
