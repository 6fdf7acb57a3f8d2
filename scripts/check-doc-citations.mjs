#!/usr/bin/env node
// The repository explains itself: code comments and docs cite files inside it (docs/product.md,
// docs/integrations.md, docs/decisions/) or state the rule, never a document a clone does not hold
// or an issue number. Run by `npm run lint`; exits 1 listing every offending line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const OUTSIDE = [/\b(SPEC|RULES|INTEGRATIONS|DESIGN)\.md\b/, /\.\.\/shared\//, /\bissues? #?\d+\b/i];
// This file names the patterns it looks for.
const SELF = 'scripts/check-doc-citations.mjs';

const files = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', 'apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md', '.ci'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|sh)$|(^|\/)run$/.test(file) && file !== SELF);

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  text.split('\n').forEach((line, index) => {
    // Third-party trackers are fine to cite ("drizzle-orm issue #6241").
    if (OUTSIDE.some((pattern) => pattern.test(line)) && !/\b[\w-]+ issue #\d+/.test(line))
      found.push(`${file}:${index + 1}: ${line.trim().slice(0, 140)}`);
  });
}

if (found.length) {
  console.error(`Cites a document outside the repository or an issue number (cite docs/ or state the rule):\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`Doc citations: ${files.length} files checked, all cite files inside the repository.`);
