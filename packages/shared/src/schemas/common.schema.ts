import { z } from 'zod';
import './plain-words.ts';
import { ERROR_CODES } from '../errors.ts';

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });

/**
 * GET /api/health: 200 while the database answers (the load balancer's liveness); `status` is
 * 'degraded' when Redis or 9Hits does not, or jobs have given up. Redis is 'off' without REDIS_URL.
 * Only `status` is public: the details answer whoever may read the metrics (docs/deploy.md).
 */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.literal('ok').optional(),
    redis: z.enum(['ok', 'down', 'off']).optional(),
    jobs: z.object({ queued: z.number(), dead: z.number() }).optional(),
    ninehits: z.enum(['ok', 'down']).optional(),
  })
  .meta({ id: 'Health' });

/** GET /api/health/live: the process answers (a container's HEALTHCHECK; nothing else is asked). */
export const livenessSchema = z.object({ status: z.literal('live') }).meta({ id: 'Liveness' });

/**
 * GET /api/health/ready: 200 while this process should get traffic: the database answers, every
 * migration this build knows is applied, and the process is not shutting down. 503 otherwise.
 */
export const readinessSchema = z.object({ status: z.literal('ready') }).meta({ id: 'Readiness' });

/** What the browser needs to know about this deployment (never a secret). */
export const clientConfigSchema = z.object({
  paymentsMode: z.enum(['sandbox', 'live']),
  /** PayPal's public client id for the JS SDK; null in sandbox mode, where our own approval dialog stands in. */
  paypalClientId: z.string().nullable(),
  currency: z.literal('USD'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
