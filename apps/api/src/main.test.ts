import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './test-support/listening-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts the real server process and collects what it prints until it exits or is stopped. */
function runServer(
  env: Record<string, string>,
  stopAfterMs: number,
  onListening?: (output: string) => Promise<void>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'traffic-main-')), LOG_LEVEL: 'info', ...env },
    });
    let output = '';
    let listening = false;
    const collect = (d: Buffer) => {
      output += d.toString();
      if (!listening && output.includes('Server listening')) {
        listening = true;
        void (onListening?.(output) ?? Promise.resolve()).finally(() => child.kill('SIGTERM'));
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGTERM'), stopAfterMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('server start-up', () => {
  it('stops with a message naming a bad setting', async () => {
    const { code, output } = await runServer({ PORT: 'not-a-port', PAYMENTS_MODE: 'live' }, 20_000);
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('PORT:');
    expect(output).toContain('PAYHERE_MERCHANT_ID: required when PAYMENTS_MODE=live');
  });
});

describe('PostgreSQL without JWT_SECRET', () => {
  it('refuses to start and says why', async () => {
    const { code, output } = await runServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never-reached' }, 20_000);
    expect(code).toBe(1);
    expect(output).toContain('JWT_SECRET: required when DATABASE_URL is set (every server process on one PostgreSQL must share it');
    expect(output).not.toContain('Server listening');
  });
});

describe('migrating as its own step (MIGRATE_AT_START=false), then SIGTERM', () => {
  it('refuses an unmigrated database, starts once `db:migrate` has run, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'traffic-main-'));
    const env = { DATA_DIR: dataDir, MIGRATE_AT_START: 'false', SHUTDOWN_DELAY_SECONDS: '1' };
    const refused = await runServer({ ...env, PORT: String(await freePort()) }, 60_000);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('the database lacks migrations of this build: run `npm run db:migrate` first');

    const migrated = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/migrate.ts'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });
    expect(migrated).toEqual({ code: 0, output: `Migrations applied to PGlite in ${join(dataDir, 'pglite')}.\n` });

    const port = String(await freePort());
    const started = await runServer({ ...env, PORT: port }, 60_000, async () => {
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status).toBe(200);
    });
    // runServer sent SIGTERM once the server answered.
    expect(started.code).toBe(0);
    expect(started.output).toContain('SIGTERM received, shutting down (port closes in 1 s, then at most 20 s)');
    expect(started.output).toContain('shut down');
  }, 150_000);
});

describe('a second start on the same data', () => {
  it('starts cleanly, keeps the data and does not create a second admin', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'traffic-main-'));
    // Each start asks the OS for a port free at that moment: a port picked once could be taken by
    // another test file's connection in between (they share the ephemeral range).
    let port = '';
    const start = async () => {
      port = String(await freePort());
      return runServer({ DATA_DIR: dataDir, PORT: port }, 60_000, health);
    };
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      const packages = (await (await fetch(`http://127.0.0.1:${port}/api/packages`)).json()) as { id: string }[];
      expect(packages.map((p) => p.id)).toContain('pkgBasic');
    };

    const first = await start();
    expect(first.output).toContain('created admin@localhost with password');
    const second = await start();
    expect(second.output).toContain('Server listening');
    expect(second.output).not.toContain('created admin@localhost');
    expect(second.output).not.toMatch(/"level":50|could not start/);
  }, 120_000);
});
