/**
 * Everything the bench reads from its environment, in one place:
 *   BENCH_PG_URL            the PostgreSQL server (default: the local one, over its Unix socket when it has one)
 *   BENCH_SERVER_NODE_ARGS  extra node flags for the product server while investigating (e.g. --cpu-prof,
 *                           or --max-semi-space-size=32: they come after npm run serve's, so they win)
 *   CHROMIUM_PATH           the browser for the landing page (default: Debian's /usr/bin/chromium)
 *   BENCH_DB                the database the bench creates, seeds and drops (default `bench`)
 *   BENCH_QUIET_WAIT_S      how long each phase waits for the machine to be mostly idle (default 60;
 *                           0 on a machine known to be shared, where the CPU-per-request figures decide)
 * and what the processes it starts inherit.
 */
export const settings = {
  pgUrl: process.env.BENCH_PG_URL || undefined,
  serverNodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  database: process.env.BENCH_DB || 'bench',
  quietWaitMs: 1000 * Number(process.env.BENCH_QUIET_WAIT_S || 60),
};

/** A started process's environment: the bench's own, with `extra` on top. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
