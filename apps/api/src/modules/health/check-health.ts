import type { Redis } from 'ioredis';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { NinehitsClient } from '../delivery/index.ts';
import { latestMigrationMillis, migrationsApplied } from '@traffic/db';
import { pingDatabase, queueCounts } from './health.repository.ts';

/** What the process is doing with its life: set when SIGTERM starts the shutdown (main.ts). */
export interface Lifecycle {
  draining: boolean;
}

export interface HealthDeps {
  redis: Redis | undefined;
  ninehits: NinehitsClient;
  lifecycle: Lifecycle;
}

interface Health {
  status: 'ok' | 'degraded';
  database: 'ok';
  redis: 'ok' | 'down' | 'off';
  jobs: { queued: number; dead: number };
  ninehits: 'ok' | 'down';
}

/** How long a 9Hits reachability answer is reused: a public endpoint must not make us call 9Hits per request. */
const NINEHITS_TTL_MS = 60_000;
const REDIS_TIMEOUT_MS = 1_000;
/** A database that does not answer within this is as good as down: a probe must not hang. */
const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms).unref())),
  ]).finally(() => clearTimeout(timer));
}

async function redisState(redis: Redis | undefined): Promise<Health['redis']> {
  if (!redis) return 'off';
  try {
    const pong = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), REDIS_TIMEOUT_MS).unref()),
    ]);
    return pong === 'PONG' ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

/**
 * GET /api/health: 200 while this process and its database answer, with the state of what the
 * operator also needs (docs/deploy.md): Redis, the job queue's depth and dead jobs, and whether
 * 9Hits answers (its profile call, at most once a minute). 503 when the database does not.
 */
export function healthCheck(ctx: AppContext, deps: HealthDeps): () => Promise<Health> {
  let ninehits: { at: number; state: Promise<Health['ninehits']> } | undefined;
  const ninehitsState = () => {
    if (!ninehits || Date.now() - ninehits.at > NINEHITS_TTL_MS) {
      const state = deps.ninehits.profileGet().then(
        () => 'ok' as const,
        () => 'down' as const,
      );
      ninehits = { at: Date.now(), state };
    }
    return ninehits.state;
  };

  return async () => {
    let jobs: Health['jobs'];
    try {
      await pingDatabase(ctx.db);
      jobs = await queueCounts(ctx.db);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    const [redis, nine] = await Promise.all([redisState(deps.redis), ninehitsState()]);
    const degraded = redis === 'down' || nine === 'down' || jobs.dead > 0;
    return { status: degraded ? 'degraded' : 'ok', database: 'ok', redis, jobs, ninehits: nine };
  };
}

/**
 * GET /api/health/ready (docs/deploy.md, "Health endpoints"): whether the load balancer should send
 * this process requests. 503 while it shuts down, while the database does not answer within 2 s,
 * and while the database lacks a migration this build carries. Once seen applied, migrations are
 * not asked again (nothing undoes them under a running process).
 */
export function readinessCheck(ctx: AppContext, lifecycle: Lifecycle): () => Promise<{ status: 'ready' }> {
  const latest = latestMigrationMillis();
  let migrated = false;
  return async () => {
    if (lifecycle.draining) throw new AppError('UNAVAILABLE', 'This server is shutting down.');
    try {
      await within(pingDatabase(ctx.db), DATABASE_TIMEOUT_MS);
      if (!migrated) migrated = await within(migrationsApplied(ctx.database, latest), DATABASE_TIMEOUT_MS);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    if (!migrated) throw new AppError('UNAVAILABLE', 'The database lacks migrations of this build: run `npm run db:migrate`.');
    return { status: 'ready' };
  };
}
