import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

export const DATA_DIR_PREFIX = 'traffic-e2e-';

/**
 * Removes the run's database directory. The server is still up at this point (Playwright stops
 * the web server after global teardown) but idle, and it is then killed without a chance to write.
 */
export default async function globalTeardown() {
  const dataDir = process.env.TRAFFIC_E2E_DATA_DIR;
  // Only ever a directory this run made, never one a caller pointed the variable at.
  if (!dataDir || dirname(dataDir) !== tmpdir() || !basename(dataDir).startsWith(DATA_DIR_PREFIX)) return;
  await rm(dataDir, { recursive: true, force: true });
}
