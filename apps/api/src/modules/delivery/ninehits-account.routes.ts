import type { FastifyInstance } from 'fastify';
import { adminApi as api } from '@traffic/shared/contract';
import { route } from '../../http/endpoint-route.ts';
import type { NinehitsClient } from './ninehits-client.ts';
import { ninehitsAccountReader } from './ninehits-account.ts';

export function ninehitsAccountRoutes(client: NinehitsClient) {
  return async (app: FastifyInstance): Promise<void> => {
    const read = ninehitsAccountReader(client);
    await route(app, api.ninehitsAccount, () => read());
  };
}
