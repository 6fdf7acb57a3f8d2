import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, ninehitsAccountSchema } from '@traffic/shared';
import type { NinehitsClient } from './ninehits-client.ts';
import { ninehitsAccountReader } from './ninehits-account.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 502: errorBodySchema };

export function ninehitsAccountRoutes(client: NinehitsClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const read = ninehitsAccountReader(client);
    app.withTypeProvider<ZodTypeProvider>().get('/admin/ninehits-account', {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], summary: "The 9Hits account's points and campaign slots, with low-balance warnings", response: { 200: ninehitsAccountSchema, ...errors } },
      handler: () => read(),
    });
  };
}
