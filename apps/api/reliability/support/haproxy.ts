import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Cleanup } from './cleanup.ts';
import { repoRoot } from './env.ts';
import { attempt } from './http.ts';
import { GiveUp, sleep, waitFor } from './wait.ts';

/** Debian's haproxy (`npm run test:reliability` installs it when missing: scripts/prerequisites.cjs). */
const HAPROXY = '/usr/sbin/haproxy';

/**
 * The reference deployment's deploy/haproxy.cfg with only the listening address and the servers
 * replaced: the retries, redispatch, health check and connection mode under test are the file's.
 */
export function haproxyConfig(front: number, servers: { name: string; port: number }[]): string {
  const lines = readFileSync(join(repoRoot, 'deploy/haproxy.cfg'), 'utf8').split('\n');
  const out: string[] = [];
  let serversWritten = false;
  for (const line of lines) {
    if (/^\s*bind\s/.test(line)) out.push(`    bind 127.0.0.1:${front}`);
    else if (/^\s*server\s/.test(line)) {
      if (!serversWritten) for (const s of servers) out.push(`    server ${s.name} 127.0.0.1:${s.port} check`);
      serversWritten = true;
    } else out.push(line);
  }
  if (!serversWritten || !out.some((l) => l.includes(`bind 127.0.0.1:${front}`)))
    throw new Error('deploy/haproxy.cfg has no bind or server line');
  return out.join('\n');
}

/** Runs haproxy in the foreground on the given config until the cleanup; resolves once `probe` answers 200 through it. */
export async function startHaproxy(
  cleanup: Cleanup,
  config: string,
  front: number,
  probe: string,
): Promise<{ baseUrl: string; output(): string }> {
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy is missing at ${HAPROXY}: run \`node scripts/prerequisites.cjs haproxy\``);
  const dir = mkdtempSync(join(tmpdir(), 'traffic-rel-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exited = false;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  cleanup.add('haproxy', async () => {
    if (!exited) child.kill('SIGTERM');
    await Promise.race([gone, sleep(5000)]);
    if (!exited) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const baseUrl = `http://127.0.0.1:${front}`;
  await waitFor(
    'HAProxy to forward to a ready server',
    async () => {
      if (exited) throw new GiveUp(`haproxy exited:\n${output}`);
      return (await attempt(baseUrl, 'GET', probe, { timeoutMs: 3000 })).status === 200;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  return { baseUrl, output: () => output };
}
