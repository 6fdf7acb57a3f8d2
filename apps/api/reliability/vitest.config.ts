import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (`npm run test:reliability`): races, faults and several real server
 * processes on PostgreSQL and Redis. Files run one at a time, because some of them restart the
 * PostgreSQL server or kill processes, and each file owns its databases, ports and processes.
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
    sequence: { concurrent: false },
    // Generous: a file waits for processes to start, leases to expire and PostgreSQL to restart.
    testTimeout: 240_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    globalSetup: ['./support/global-setup.ts'],
  },
});
