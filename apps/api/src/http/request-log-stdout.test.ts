import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const moduleUrl = new URL('./request-log.ts', import.meta.url).href;

/**
 * Runs `script` in a child process with `asyncStdout` as `out` and pino as `pino`, and answers what
 * it printed on standard output once it exited.
 */
function run(script: string): Promise<{ output: string; writtenBeforeExitMs: number }> {
  const program = `
    import pino from 'pino';
    import { asyncStdout } from ${JSON.stringify(moduleUrl)};
    const out = asyncStdout();
    const logger = pino({ base: null, timestamp: false }, out);
    ${script}
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { cwd: repoRoot });
    // Decoded once at the end: a character's bytes may straddle two reads.
    const output: Buffer[] = [];
    let errors = '';
    let firstOutputAt = 0;
    child.stdout.on('data', (d: Buffer) => {
      firstOutputAt ||= Date.now();
      output.push(d);
    });
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve({ output: Buffer.concat(output).toString(), writtenBeforeExitMs: Date.now() - firstOutputAt })
        : reject(new Error(`exit ${code}: ${errors}`)),
    );
  });
}

const numbers = (output: string) =>
  output
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { n: number }).n);

/** The log lines held back for a batched write are never lost (http/request-log.ts). */
describe('the asynchronous standard output of the log', () => {
  it('writes the few lines of a quiet moment within a quarter second, before the process ends', async () => {
    const { output, writtenBeforeExitMs } = await run(`
      logger.info({ n: 1 }, 'x');
      logger.info({ n: 2 }, 'x');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      process.exit(0);
    `);
    expect(numbers(output)).toEqual([1, 2]);
    // Written by the flush tick while the process still ran, not by the exit.
    expect(writtenBeforeExitMs).toBeGreaterThan(700);
  });

  it('writes every line, held or in flight, when the process exits at once', async () => {
    const { output } = await run(`
      for (let n = 0; n < 20000; n++) logger.info({ n }, 'x');
      logger.info({ n: 20000 }, 'the last');
      process.exit(0);
    `);
    const seen = numbers(output);
    expect(seen).toHaveLength(20001);
    expect(seen.at(-1)).toBe(20000);
  });

  it('writes a line logged just before the exit, below the batch size', async () => {
    const { output } = await run(`
      logger.info({ n: 7 }, 'alone');
      process.exit(0);
    `);
    expect(numbers(output)).toEqual([7]);
  });

  it('writes long lines and characters beyond ASCII whole and in order', async () => {
    const { output } = await run(`
      for (let n = 0; n < 300; n++) logger.info({ n, text: n % 7 ? 'Kandy — කොළඹ ✓ 😀'.repeat(n) : 'x'.repeat(20000 + n) }, 'x');
      process.exit(0);
    `);
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { n: number; text: string });
    expect(lines.map((l) => l.n)).toEqual([...Array(300).keys()]);
    for (const { n, text } of lines) expect(text).toBe(n % 7 ? 'Kandy — කොළඹ ✓ 😀'.repeat(n) : 'x'.repeat(20000 + n));
  });
});
