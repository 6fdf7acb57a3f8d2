import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_ADMIN } from '../../src/test-support/test-app.ts';
import { freePort } from '../../src/test-support/listening-app.ts';
import type { Cleanup } from './cleanup.ts';
import { childPath, repoRoot } from './env.ts';
import { attempt } from './http.ts';
import { GiveUp, sleep, waitFor } from './wait.ts';

/** Shared by every server of one file, so tokens signed by one are accepted by the others. */
export const JWT_SECRET = 'reliability-suite-jwt-secret-0123456789abcdef';

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  readonly pid: number;
  readonly running: boolean;
  /** The exit code once exited (null after a signal), undefined while running. */
  readonly exitCode: number | null | undefined;
  /** Everything the process printed so far (the tail, for failure messages). */
  output(): string;
  /** SIGKILL: a crash, no shutdown hooks; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), then SIGKILL if it has not gone after 10 s. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
// A last resort if the test worker itself exits without running afterAll.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface StartOptions {
  name: string;
  /** A fixed port (to start a server again where the gateway and 9Hits expect it); free one otherwise. */
  port?: number;
  env: Record<string, string>;
  /** Run the built server (`npm run serve`'s apps/api/dist/main.js, no TypeScript loader) instead of the source. */
  built?: boolean;
}

/**
 * Starts the real server (`node --import tsx apps/api/src/main.ts`, or the built apps/api/dist/main.js) on 127.0.0.1 and waits until
 * GET /api/health answers 200. The connection name (PGAPPNAME) is the server's name, so tests can
 * tell which process did what in PostgreSQL.
 */
export async function startServer(cleanup: Cleanup, options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `traffic-rel-${options.name}-`));
  const args = options.built ? ['apps/api/dist/main.js'] : ['--import', 'tsx', 'apps/api/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: childPath(),
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      PGAPPNAME: options.name,
      ...options.env,
    },
  });
  live.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited = false;
  let exitCode: number | null | undefined;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code;
      live.delete(child);
      output += `\n[${options.name} exited: ${signal ?? code}]\n`;
      resolve();
    }),
  );

  const server: ServerProcess = {
    name: options.name,
    port,
    baseUrl,
    pid: child.pid!,
    get running() {
      return !exited;
    },
    get exitCode() {
      return exitCode;
    },
    output: () => output,
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      await server.kill();
    },
  };
  cleanup.add(`server ${options.name}`, async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  try {
    await waitFor(
      `${options.name} to answer /api/health`,
      async () => {
        if (exited) throw new GiveUp('the process exited');
        return (await attempt(baseUrl, 'GET', '/api/health', { timeoutMs: 5000 })).status === 200;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}\n--- ${options.name} output ---\n${output.slice(-5000)}`, { cause: error });
  }
  return server;
}

/** Polls /api/health until it answers 200 (after an outage), bounded; a process that died fails at once. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  try {
    await waitFor(
      `${server.name} to be healthy again`,
      async () => {
        if (!server.running) throw new GiveUp(`${server.name} exited`);
        return (await attempt(server.baseUrl, 'GET', '/api/health', { timeoutMs: 5000 })).status === 200;
      },
      { timeoutMs, intervalMs: 250 },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- ${server.name} output ---\n${server.output().slice(-5000)}`, { cause: error });
  }
}
