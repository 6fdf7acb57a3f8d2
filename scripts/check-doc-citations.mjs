#!/usr/bin/env node
// The repository explains itself: code comments and docs cite files inside it (docs/product.md,
// docs/integrations.md, docs/architecture.md, docs/decisions/) or state the rule, never a document a
// clone does not hold or a number in our own issue tracker. Run by `npm run lint:docs` (and `npm run
// lint`); exits 1 listing every offending line as file:line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What cites something outside the repository, each with the reason printed. */
const OUTSIDE = [
  [/\b(SPEC|RULES|INTEGRATIONS|DESIGN)\.md\b/, 'an outside document'],
  [/(?<![\w])(SPEC|RULES|INTEGRATIONS|DESIGN),?\s*(§|sections?\s+\d|"[A-Z])/, 'an outside document'],
  [/(\.\.\/)+shared\/|\/work\/shared\b/, 'the outside shared folder'],
  [/\bthe spec\b(?!\s+files?\b)(?![.\w-])|\bspec's\b|\bspecification\b/i, 'the outside specification'],
  [/\b(issues?|PR|pull requests?) #?\d+\b/i, 'an issue number'],
];
const SELF = 'scripts/check-doc-citations.mjs';

/** Dependencies' own trackers may be cited by name ("drizzle-orm issue #6241"). */
function dependencyNames() {
  const manifests = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'package.json', '*/package.json', '*/*/package.json'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.includes('node_modules/'));
  const names = new Set();
  for (const file of manifests) {
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const name of Object.keys(manifest[field] ?? {})) {
          names.add(name.toLowerCase());
          names.add(name.replace(/^@[^/]+\//, '').toLowerCase());
        }
      }
    } catch {
      // An unreadable manifest names nothing.
    }
  }
  return names;
}
const DEPENDENCIES = dependencyNames();
/** True when every issue number on the line follows the name of one of our dependencies. */
function thirdPartyIssue(line) {
  const all = line.match(/\b(?:issues?|PR|pull requests?) #?\d+\b/gi) ?? [];
  const named = [...line.matchAll(/([@\w./-]+) (?:issues?|PR|pull requests?) #?\d+\b/gi)].filter((m) =>
    DEPENDENCIES.has(m[1].toLowerCase()),
  );
  return all.length === named.length;
}

const files = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md', '.ci'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter(
    (file) =>
      /\.(ts|tsx|js|mjs|cjs|md|json|sh|html|ya?ml)$|(^|\/)run$/.test(file) && file !== SELF && !/(^|\/)(node_modules|dist)\//.test(file),
  );

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  text.split('\n').forEach((line, index) => {
    for (const [pattern, what] of OUTSIDE) {
      if (!pattern.test(line)) continue;
      if (what === 'an issue number' && thirdPartyIssue(line)) continue;
      found.push(`${file}:${index + 1}: cites ${what}: ${line.trim().slice(0, 140)}`);
      break;
    }
  });
}

if (found.length) {
  console.error(
    `Cites a document outside the repository or an issue number; cite docs/ (docs/product.md section N, ` +
      `docs/integrations.md section N, a decision record) or state the rule itself:\n${found.join('\n')}`,
  );
  process.exit(1);
}
console.log(`Doc citations: ${files.length} files checked, all cite files inside the repository.`);
