import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): races, faults and several real server
 * processes on PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL). Files run one at a time,
 * because one restarts the PostgreSQL server and others kill processes; each file owns its
 * databases, ports and processes and removes them in afterAll. For the same reason two runs must
 * not share one PostgreSQL server at the same time.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.reliability.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    // Generous: a file waits for processes to start, leases to expire and PostgreSQL to restart.
    testTimeout: 240_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    globalSetup: ['./support/global-setup.ts'],
  },
});
