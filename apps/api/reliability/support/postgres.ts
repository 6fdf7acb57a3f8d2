import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { query } from './databases.ts';
import { pgRestartCommand, postgresServerUrl } from './env.ts';
import { waitFor } from './wait.ts';

const run = promisify(execFile);

/**
 * Restarts the PostgreSQL server the suite uses (every connection to it is cut) and waits until
 * it accepts queries again. PG_RESTART_COMMAND overrides the default, which is the Debian cluster
 * tool: `pg_ctlcluster --skip-systemctl-redirect <version> main restart`.
 */
export async function restartPostgres(): Promise<void> {
  const custom = pgRestartCommand();
  if (custom) await run('sh', ['-c', custom], { timeout: 120_000 });
  else {
    const [version] = readdirSync('/etc/postgresql');
    if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql; set PG_RESTART_COMMAND');
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], { timeout: 120_000 });
  }
  await waitFor('PostgreSQL to accept queries again', async () => (await query(postgresServerUrl(), 'select 1 as ok')).length === 1, {
    timeoutMs: 60_000,
    intervalMs: 250,
  });
}
