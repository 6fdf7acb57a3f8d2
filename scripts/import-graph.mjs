#!/usr/bin/env node
// Counts what docs/architecture.md promises about the import graph, from the source itself:
// - import circles (strongly connected groups of files) in apps/ and packages/;
// - arrows running back up in the web app: imports from apps/web/src/features into apps/web/src/app
//   (app/ only composes the screens; features use apps/web/src/shell), and from shell/ into app/ or
//   features/;
// - pairs of server modules (apps/api/src/modules/<name>) that import each other;
// - server imports against the module order (eslint.config.js's MODULE_ORDER): a module importing one
//   above it or another module's inner file instead of its index.ts, and core/, lib/ or jobs/
//   importing a module (tests left out, as the lint leaves them).
// ESLint enforces the rules (import-x/no-cycle and the boundary zones of eslint.config.js); this prints
// the figures so a review can read them. `node scripts/import-graph.mjs [--verbose]` (exit 1 on any
// circle or on more than MAX_UPWARD imports from features up into app/).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { MODULE_ORDER } from '../eslint.config.js';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'apps', 'packages'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.includes('node_modules/') && !/\/dist\//.test(file));
const known = new Set(files);

// Static imports and re-exports with a relative specifier (type-only imports included: they are
// arrows a reader follows too). Dynamic import() is left out: it is how chunks are split on purpose.
const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolve(from, specifier) {
  const base = normalize(join(dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (known.has(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

const graph = new Map();
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const targets = new Set();
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target) targets.add(target);
  }
  graph.set(file, targets);
}

/** Tarjan's strongly connected components; a component of two or more files is a circle. */
function circles() {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const order = new Map();
  const low = new Map();
  const found = [];
  const visit = (start) => {
    // Iterative, so a deep chain of imports cannot overflow the call stack.
    const work = [[start, [...graph.get(start)], 0]];
    order.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const next = edges[frame[2]++];
        if (!order.has(next)) {
          order.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, [...graph.get(next)], 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node), order.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

const WEB_FEATURES = 'apps/web/src/features/';
const WEB_APP = 'apps/web/src/app/';
const WEB_SHELL = 'apps/web/src/shell/';
/** docs/architecture.md, "Boundaries": at most this many imports from features up into app/ (today 0). */
const MAX_UPWARD = 2;
const MODULES = 'apps/api/src/modules/';
const upward = [];
const shellUpward = [];
const moduleArrows = new Set();
for (const [from, targets] of graph) {
  for (const to of targets) {
    if (from.startsWith(WEB_FEATURES) && to.startsWith(WEB_APP)) upward.push(`${from} -> ${to}`);
    if (from.startsWith(WEB_SHELL) && (to.startsWith(WEB_APP) || to.startsWith(WEB_FEATURES))) shellUpward.push(`${from} -> ${to}`);
    if (from.startsWith(MODULES) && to.startsWith(MODULES) && !from.endsWith('.test.ts')) {
      const [a, b] = [from, to].map((file) => file.slice(MODULES.length).split('/')[0]);
      if (a !== b) moduleArrows.add(`${a} -> ${b}`);
    }
  }
}
const BELOW_MODULES = ['apps/api/src/core/', 'apps/api/src/lib/', 'apps/api/src/jobs/'];
const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);
const wrongWay = [];
for (const [from, targets] of graph) {
  if (from.endsWith('.test.ts')) continue;
  for (const to of targets) {
    const [a, b] = [moduleOf(from), moduleOf(to)];
    if (!b || a === b) continue;
    if (!a) {
      if (BELOW_MODULES.some((dir) => from.startsWith(dir))) wrongWay.push(`${from} -> ${to} (below the modules)`);
    } else if (MODULE_ORDER.indexOf(b) > MODULE_ORDER.indexOf(a)) wrongWay.push(`${from} -> ${to} (${b} is above ${a})`);
    else if (!to.endsWith(`/${b}/index.ts`)) wrongWay.push(`${from} -> ${to} (not through ${b}/index.ts)`);
  }
}
const mutual = [...moduleArrows].filter((arrow) => {
  const [a, b] = arrow.split(' -> ');
  return a < b && moduleArrows.has(`${b} -> ${a}`);
});

const found = circles();
const verbose = process.argv.includes('--verbose');
console.log(`import circles: ${found.length}`);
for (const component of found) console.log(`  ${component.join(' <-> ')}`);
const upwardTargets = new Map();
for (const arrow of upward) {
  const target = arrow.split(' -> ')[1];
  upwardTargets.set(target, (upwardTargets.get(target) ?? 0) + 1);
}
const featureArrows = new Set(
  upward.map((arrow) => {
    const [from, to] = arrow.split(' -> ');
    return `${from.slice(WEB_FEATURES.length).split('/')[0]} -> ${to}`;
  }),
);
console.log(
  `web imports from features up into app/: ${featureArrows.size} feature-to-file arrows (${upward.length} import lines, into ${upwardTargets.size} files)`,
);
for (const [target, count] of [...upwardTargets].sort((x, y) => y[1] - x[1])) console.log(`  ${count} x ${target}`);
if (verbose) for (const arrow of upward) console.log(`    ${arrow}`);
console.log(`web imports from shell/ up into app/ or features/: ${shellUpward.length}`);
for (const arrow of shellUpward) console.log(`  ${arrow}`);
console.log(`server module pairs importing each other: ${mutual.length}`);
for (const arrow of mutual) console.log(`  ${arrow.replace(' -> ', ' <-> ')}`);
console.log(`server imports against the module order: ${wrongWay.length}`);
for (const arrow of wrongWay) console.log(`  ${arrow}`);
process.exit(found.length > 0 || upward.length > MAX_UPWARD ? 1 : 0);
