import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Started {
  child: ChildProcess;
  pid: number;
  /** The child's last lines of output, for a message when it fails. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <args>` (no shell, so the pid is the server's own and its RSS is the server's) and
 * waits until `readyUrl` answers 200.
 */
export async function startNode(args: string[], env: Record<string, string>, readyUrl: string, cwd: string, timeoutMs = 60_000, logFile?: string): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const log = logFile ? createWriteStream(logFile) : undefined;
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    log?.write(chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready:\n${tail}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} was not ready within ${timeoutMs / 1000} s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, pid: child.pid!, output: () => tail, stop };
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every `everyMs` and remembers the peak (and the peak per labelled phase). */
export class RssSampler {
  private timer: NodeJS.Timeout | undefined;
  max = 0;
  phaseMax = new Map<string, number>();
  phase = 'start';

  constructor(private readonly pid: number, private readonly everyMs = 100) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    this.sample();
    clearInterval(this.timer);
  }

  sample(): void {
    const rss = rssOf(this.pid);
    if (rss === undefined) return;
    this.max = Math.max(this.max, rss);
    this.phaseMax.set(this.phase, Math.max(this.phaseMax.get(this.phase) ?? 0, rss));
  }
}
