import { defineConfig } from 'vitest/config';

// One `vitest run` for the whole repository: the server side in Node, the web app in jsdom.
export default defineConfig({
  test: {
    // Each server test file opens its own database; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
    ],
  },
});
