import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, fstatSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, settings } from './settings.ts';

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
export async function startNode(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  cwd: string,
  timeoutMs = 60_000,
  logFile?: string,
): Promise<Started> {
  // The child writes its output straight to a file, as a server started by an operator does: read
  // through a pipe, its log (a line per response) cost this process (which runs autocannon) CPU that
  // a bare route without a log never did (docs/performance.md, run 8).
  const file = logFile ?? join(mkdtempSync(join(tmpdir(), 'bench-output-')), 'output.log');
  const fd = openSync(file, 'w');
  const child = spawn(process.execPath, args, { cwd, env: childEnv(env), stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const tail = () => lastBytes(file, 4000);
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
    if (exited) throw new Error(`${args.join(' ')} exited before it was ready:\n${tail()}`);
    try {
      const res = await fetch(readyUrl);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${args.join(' ')} was not ready within ${timeoutMs / 1000} s:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, pid: child.pid!, output: tail, stop };
}

/** The last `bytes` of a file, as text. */
function lastBytes(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString();
  } finally {
    closeSync(fd);
  }
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

  constructor(
    private readonly pid: number,
    private readonly everyMs = 100,
  ) {}

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

function cpuTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** The share of the machine's CPU time spent busy over the next `ms` (all processes, ours included). */
export async function cpuBusy(ms = 2000): Promise<number> {
  const a = cpuTimes();
  await new Promise((r) => setTimeout(r, ms));
  const b = cpuTimes();
  return (b.busy - a.busy) / Math.max(1, b.total - a.total);
}

/**
 * Other work on this machine (test suites, builds, browsers) skews every figure on 2 cores: before
 * a measured phase, wait up to `maxWaitMs` for the CPU to be mostly idle. Returns the busy share seen last.
 */
export async function waitForQuiet(
  log: (line: string) => void,
  label: string,
  maxWaitMs = settings.quietWaitMs,
  threshold = 0.25,
): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  let busy = await cpuBusy();
  while (busy > threshold && Date.now() < deadline) busy = await cpuBusy();
  log(
    `    machine CPU busy before ${label}: ${(busy * 100).toFixed(0)}%${busy > threshold ? ' (still busy after waiting: figures below are skewed by other processes)' : ''}`,
  );
  return busy;
}

/**
 * The node arguments of `npm run serve` (package.json), so the bench starts the server exactly as a
 * deployment does: its V8 flags, then the server's file. While investigating, `flags` replaces
 * serve's flags, `extra` comes after them (a later flag wins, so it can override one of serve's),
 * and `script` runs another build's server file.
 */
export function serveNodeArgs({ flags, extra = [], script }: { flags?: string[]; extra?: string[]; script?: string } = {}): string[] {
  const root = new URL('../..', import.meta.url);
  const serve =
    (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const [command, ...rest] = serve.split(/\s+/).filter(Boolean);
  if (command !== 'node' || rest.length === 0 || rest.some((arg) => /[$&|;<>'"]/.test(arg)))
    throw new Error(`npm run serve is not a plain node command: ${serve}`);
  return [...(flags ?? rest.slice(0, -1)), ...extra, script ?? rest.at(-1)!];
}
