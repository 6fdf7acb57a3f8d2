import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/**
 * The image starts the server itself (its CMD is an exec array: no npm between the signal and the
 * process), so it repeats `npm run serve`'s command. The node flags are measured choices (decisions
 * 0049 and earlier, docs/deploy.md): an image that drifted from `npm run serve` would run unmeasured.
 */
describe("the image's command", () => {
  it("is npm run serve's, word for word", () => {
    const serve = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve!;
    const cmd = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('CMD '));
    // The last CMD at the start of a line is the final stage's (HEALTHCHECK's CMD is indented).
    const words = JSON.parse(cmd.at(-1)!.slice('CMD '.length)) as string[];
    expect(words).toEqual(serve.split(/\s+/));
  });
});
