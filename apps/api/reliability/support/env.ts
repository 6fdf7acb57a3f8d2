import { fileURLToPath } from 'node:url';

/**
 * What the reliability suite needs from the machine: a PostgreSQL server (TEST_DATABASE_URL; each
 * file creates its own databases on it and drops them after) and Redis (REDIS_URL). The suite reads
 * the environment here only.
 */
export function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The reliability suite needs TEST_DATABASE_URL (a PostgreSQL server); `npm run test:reliability` defaults it.');
  return url;
}

/**
 * Redis for the shared rate-limit counters. The suite uses its own logical database (15 unless
 * REDIS_URL names one), so its counters never mix with a development server's.
 */
export function redisUrl(): string {
  const url = new URL(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/15';
  return url.toString();
}

/** A shell command that restarts the suite's PostgreSQL server, when the Debian cluster tool does not fit. */
export function pgRestartCommand(): string | undefined {
  return process.env.PG_RESTART_COMMAND || undefined;
}

/** The PATH a started server inherits (it needs nothing else from the suite's environment). */
export function childPath(): string {
  return process.env.PATH ?? '';
}

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
