import { Redis } from 'ioredis';
import { postgresServerUrl, redisUrl } from './env.ts';
import { query } from './databases.ts';

/** Fails the run at once, with a clear message, when PostgreSQL or Redis is not there. */
export default async function setup(): Promise<void> {
  const pgUrl = postgresServerUrl();
  try {
    await query(pgUrl, 'select 1');
  } catch (error) {
    throw new Error(`PostgreSQL at TEST_DATABASE_URL is not reachable: ${(error as Error).message}`);
  }
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${redisUrl()} is not reachable: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}
