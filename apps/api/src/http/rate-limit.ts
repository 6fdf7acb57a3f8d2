import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../core/app-error.ts';

/**
 * Per-address limits on the routes that guess at secrets (sign-in, registration, reset codes),
 * declared per route with `config.rateLimit`. With REDIS_URL the counters are shared by every
 * server process; otherwise they live in this process. Answers the Redis connection (the health
 * check pings it), or undefined without REDIS_URL.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<Redis | undefined> {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable for rate limits'));
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'traffic-rl:' } : {}),
    // A Redis outage must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  return redis;
}
