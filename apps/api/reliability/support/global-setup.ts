import { Redis } from 'ioredis';
import { postgresServerUrl, redisUrl } from './env.ts';
import { query } from './databases.ts';

/**
 * Fails the run at once, with a clear message, when PostgreSQL or Redis is not there; and drops
 * databases that an earlier run killed outright (no afterAll) left behind: the suite's own prefix,
 * older than two hours, nobody connected.
 */
export default async function setup(): Promise<void> {
  const pgUrl = postgresServerUrl();
  try {
    await query(pgUrl, 'select 1');
  } catch (error) {
    throw new Error(`PostgreSQL at TEST_DATABASE_URL is not reachable: ${(error as Error).message}`, { cause: error });
  }
  try {
    const stale = await query<{ datname: string }>(
      pgUrl,
      `select d.datname from pg_database d
       where d.datname ~ '^rel_[0-9a-f]{12}$'
         and (pg_stat_file('base/' || d.oid || '/PG_VERSION')).modification < now() - interval '2 hours'
         and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)`,
    );
    for (const { datname } of stale) await query(pgUrl, `drop database if exists ${datname} with (force)`);
  } catch {
    // Not allowed to look (pg_stat_file needs a superuser): leave them.
  }

  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${redisUrl()} is not reachable: ${(error as Error).message}`, { cause: error });
  } finally {
    redis.disconnect();
  }
}
