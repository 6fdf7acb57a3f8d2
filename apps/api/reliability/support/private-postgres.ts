import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Cleanup } from './cleanup.ts';
import { query } from './databases.ts';
import { waitFor } from './wait.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL binaries (/usr/lib/postgresql/<version>/bin), the newest installed. */
function pgBin(): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (Debian postgresql package)');
  return bin;
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary directory on a given loopback port, that
 * the test may stop and start at will: the suite's shared server is never stopped. PostgreSQL
 * refuses to run as root, so as root the cluster belongs to the `postgres` user and its tools run
 * through runuser.
 */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly bin: string,
    private readonly owner: { uid: number; gid: number } | undefined,
  ) {}

  static async create(cleanup: Cleanup, port: number): Promise<PrivatePostgres> {
    const bin = pgBin();
    const dir = mkdtempSync(join(tmpdir(), 'traffic-rel-pg-'));
    let owner: { uid: number; gid: number } | undefined;
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      owner = { uid: Number(stdout.trim()), gid: Number(gid.trim()) };
      chownSync(dir, owner.uid, owner.gid);
    }
    const pg = new PrivatePostgres(port, dir, bin, owner);
    cleanup.add('private PostgreSQL', async () => {
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    });
    await pg.tool('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await pg.start();
    return pg;
  }

  /** The server's own database; create more with `query`. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  databaseUrl(name: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Starts the server and waits until it accepts queries. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    await this.tool('pg_ctl', ['-D', join(this.dir, 'data'), '-l', join(this.dir, 'log'), '-o', options, '-w', 'start']);
    await waitFor('the private PostgreSQL to accept queries', async () => (await query(this.url, 'select 1 as ok')).length === 1, {
      timeoutMs: 60_000,
      intervalMs: 200,
    });
  }

  /** Fast shutdown: every connection is cut at once, as when a database host goes away. */
  async stop(): Promise<void> {
    await this.tool('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  private async tool(name: string, args: string[]): Promise<void> {
    const file = join(this.bin, name);
    if (this.owner) await run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout: 120_000, cwd: this.dir });
    else await run(file, args, { timeout: 120_000, cwd: this.dir });
  }
}
