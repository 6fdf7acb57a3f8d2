import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Runs `code` in a fresh Node process three times; the best (lowest) number it printed first. */
function bestOfThree(code: string): number {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { stdout, status } = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const value = Number(stdout.split(' ')[0]);
    if (status === 0 && Number.isFinite(value)) runs.push(value);
  }
  return runs.length ? Math.min(...runs) : Number.NaN;
}

/**
 * A fixed piece of single-threaded CPU work (an integer loop of 300 million steps, in a fresh Node
 * process), timed: the best of three, in milliseconds. The bench's VMs differ by a factor of three
 * or more from one session to the next (docs/performance.md, run 14), and the absolute figures (p99,
 * LCP, Lighthouse) move with it; this figure tells a slow machine from a slow product only roughly,
 * since the loop touches no memory and asks nothing of the kernel (see the two probes below).
 */
export function loopMilliseconds(): number {
  return bestOfThree(
    'const t = process.hrtime.bigint(); let x = 0; for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0; ' +
      'process.stdout.write(`${Number(process.hrtime.bigint() - t) / 1e6} ${x}`);',
  );
}

/**
 * One system call's cost in nanoseconds: a one-byte read of /dev/null from Node, 200,000 times (the
 * best of three). Every request is a read and a write on its socket; a VM whose kernel entries are
 * slow (docs/performance.md, run 17) is slow on every server figure, whatever the integer loop says.
 */
export function systemCallNanoseconds(): number {
  return bestOfThree(
    "const fs = require('node:fs'); const fd = fs.openSync('/dev/null', 'r'); const b = Buffer.alloc(1); " +
      'for (let i = 0; i < 1e4; i++) fs.readSync(fd, b, 0, 1, null); ' +
      'const t = process.hrtime.bigint(); for (let i = 0; i < 2e5; i++) fs.readSync(fd, b, 0, 1, null); ' +
      'process.stdout.write(`${Number(process.hrtime.bigint() - t) / 2e5} ok`);',
  );
}

/**
 * One read from main memory in nanoseconds: a pointer chase through a random cycle over 64 MB (far
 * beyond any cache), 5 million steps (the best of three). Garbage collection and a busy heap are
 * memory-bound where the integer loop is not.
 */
export function memoryReadNanoseconds(): number {
  return bestOfThree(
    'const n = 1 << 24; const next = new Int32Array(n); for (let i = 0; i < n; i++) next[i] = i; ' +
      // Sattolo's shuffle: one cycle through every slot, so the chase never settles in a short loop.
      'for (let i = n - 1; i > 0; i--) { const j = Math.floor(Math.random() * i); const v = next[i]; next[i] = next[j]; next[j] = v; } ' +
      'let p = 0; const t = process.hrtime.bigint(); for (let i = 0; i < 5e6; i++) p = next[p]; ' +
      'process.stdout.write(`${Number(process.hrtime.bigint() - t) / 5e6} ${p}`);',
  );
}

/**
 * How the kernel is entered, from what Linux reports: with page-table isolation (the Meltdown
 * mitigation) and no `pcid` CPU flag, each system call and interrupt empties the TLB, so a process
 * that touches more memory per request (the product, against the bare route) pays for it again
 * after every read and write on a socket (docs/performance.md, run 17).
 */
export function kernelEntry(): string {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch {
      return 'unknown';
    }
  };
  const meltdown = read('/sys/devices/system/cpu/vulnerabilities/meltdown');
  const flags = /^flags\s*:(.*)$/m.exec(read('/proc/cpuinfo'))?.[1]?.split(/\s+/) ?? [];
  return `Meltdown: ${meltdown}; pcid ${flags.includes('pcid') ? 'yes' : 'no'}`;
}
