import { spawnSync } from 'node:child_process';

/**
 * A fixed piece of single-threaded CPU work (an integer loop of 300 million steps, in a fresh Node
 * process), timed: the best of three, in milliseconds. The bench's VMs differ by a factor of three
 * or more from one session to the next (docs/performance.md, run 14), and the absolute figures (p99,
 * LCP, Lighthouse) move with it; this figure tells a slow machine from a slow product.
 */
export function loopMilliseconds(): number {
  const code =
    'const t = process.hrtime.bigint(); let x = 0; for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0; ' +
    'process.stdout.write(`${Number(process.hrtime.bigint() - t) / 1e6} ${x}`);';
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { stdout, status } = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const ms = Number(stdout.split(' ')[0]);
    if (status === 0 && Number.isFinite(ms)) runs.push(ms);
  }
  return runs.length ? Math.min(...runs) : Number.NaN;
}
