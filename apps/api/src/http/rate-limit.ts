import type { FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../core/app-error.ts';
import { FixedWindows } from './fixed-windows.ts';
import { processCallCounter, redisCallCounter, TokenCallLimiter } from './token-call-limit.ts';

/**
 * Per-address limits on the routes that guess at secrets (sign-in, registration, reset codes),
 * declared per route with `config.rateLimit`. With REDIS_URL the counters are shared by every
 * server process; otherwise they live in this process. The same place counts each personal access
 * token's calls per minute (`tokenCallLimiter`, token-call-limit.ts). Answers the Redis connection
 * (the health check pings it), or undefined without REDIS_URL.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
  tokenCallsPerMinute: number,
): Promise<Redis | undefined> {
  // Auto-pipelining: the counts of the calls that arrive in one tick go to Redis in one write.
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, enableAutoPipelining: true })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable for rate limits'));
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'traffic-rl:' } : { store: ProcessStore }),
    // A Redis outage must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  // Personal access tokens' calls per minute: counted in the same place, reserved in blocks (token-call-limit.ts).
  app.decorate(
    'tokenCallLimiter',
    new TokenCallLimiter(
      redis ? redisCallCounter(redis, 'traffic-token-calls:') : processCallCounter(),
      tokenCallsPerMinute,
      TOKEN_WINDOW_MS,
    ),
  );
  return redis;
}

const TOKEN_WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Each personal access token's calls per minute (registerRateLimit). */
    tokenCallLimiter: TokenCallLimiter;
  }
}

/**
 * The counters of one process, without Redis: a fixed window per key. The plugin's own local store
 * (@fastify/rate-limit 11.2, store/LocalStore.js) answers every call with the one counter object it
 * keeps incrementing, and the plugin reads its count only after an await: in a burst of concurrent
 * requests every one of them read the burst's final count, so all were refused, the first `max`
 * included (100 concurrent PayPal captures: 100 refused, red-team-third-paypal-calls.test.ts). Each
 * call here gets its own reading.
 */
class ProcessStore implements FastifyRateLimitStore {
  private readonly windows = new FixedWindows();

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
    const { count, ttlMs } = this.windows.add(key, 1, timeWindow);
    callback(null, { current: count, ttl: ttlMs });
  }

  child(): FastifyRateLimitStore {
    return new ProcessStore();
  }
}
