/** Thrown from a `waitFor` check: stop waiting at once (e.g. the process being waited on died). */
export class GiveUp extends Error {}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `check` answers something truthy, for at most `timeoutMs`. The bound only keeps a
 * broken run from hanging; no assertion depends on how fast the condition comes true.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  { timeoutMs = 60_000, intervalMs = 200 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      lastError = undefined;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms${why}`);
    }
    await sleep(intervalMs);
  }
}

/** Runs `tasks` with at most `limit` in flight; results keep the tasks' order. */
export async function inParallel<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
