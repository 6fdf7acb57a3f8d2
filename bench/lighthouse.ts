/**
 * The bench's Lighthouse phase on its own, against servers already running (loopback only): the
 * same runs as `npm run bench` (bench/scenarios/lighthouse.ts), without building, seeding or
 * starting anything. With several servers (e.g. this build and main's), the runs alternate between
 * them, page by page and run by run, so a machine whose load changes from one minute to the next
 * weighs on every side alike; each run records the load average it started at.
 *
 *   node --import tsx bench/lighthouse.ts --base=http://127.0.0.1:3196 [--base=main=http://127.0.0.1:3197]
 *        [--runs=3] [--pages=/,/login] [--tasks]
 *
 * `--tasks` prints each run's long tasks (Lighthouse's 'long-tasks' diagnostic) under its figures.
 */
import { loadavg } from 'node:os';
import {
  describeRun,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_RUNS,
  lighthouseOnce,
  medianResult,
  type LighthouseRun,
} from './scenarios/lighthouse.ts';

const args = process.argv.slice(2);
const values = (name: string) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
const bases = values('base').map((spec, i) => {
  const at = spec.indexOf('=');
  return at > 0 && !spec.slice(0, at).includes(':')
    ? { label: spec.slice(0, at), url: spec.slice(at + 1) }
    : { label: `#${i + 1}`, url: spec };
});
if (!bases.length) throw new Error('give at least one --base=[label=]http://127.0.0.1:PORT');
const runs = Number(values('runs')[0] ?? LIGHTHOUSE_RUNS);
const pages = values('pages')[0]?.split(',') ?? [...LIGHTHOUSE_PAGES];
const tasks = args.includes('--tasks');

const all = new Map<string, LighthouseRun[]>();
for (const path of pages) {
  for (let run = 0; run < runs; run++) {
    // Alternate which server goes first, so neither always runs right after the other.
    const order = run % 2 ? [...bases].reverse() : bases;
    for (const base of order) {
      const result = await lighthouseOnce(new URL(path, base.url));
      const key = `${base.label} ${path}`;
      all.set(key, [...(all.get(key) ?? []), result]);
      console.log(`${key} run ${run + 1} (load ${result.load.toFixed(2)}): ${describeRun(result)}`);
      if (tasks) for (const task of result.longTasks) console.log(`      ${task}`);
    }
  }
}

console.log(`\nMedians of ${runs} runs (load average at each run's start; now ${loadavg()[0]!.toFixed(2)}):`);
for (const [key, done] of all) {
  const result = medianResult(key, done);
  console.log(`${key.padEnd(18)} ${describeRun(result)}; load ${result.load.map((l) => l.toFixed(1)).join('/')}`);
  for (const line of result.failing) console.log(`      ${line}`);
}
