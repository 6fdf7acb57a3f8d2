import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { errorBodySchema, healthSchema } from '@traffic/shared';
import { AppError } from '../../core/app-error.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    config: { auth: 'public' },
    schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: errorBodySchema } },
    handler: async () => {
      try {
        await app.ctx.db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });
}
