/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { readExternalLinks } from './src/app/read-external-links.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

export default defineConfig(({ mode }) => {
  // Fail the build, not the landing page, when a deployment sets a bad external URL.
  readExternalLinks(loadEnv(mode, root, 'VITE_'));

  return {
    root,
    plugins: [react()],
    // Tests run in Node, where resolving react-router for plain Node (its CJS build) while
    // react-router/dom loads the ESM build would give two router contexts; keep both on ESM.
    resolve: mode === 'test' ? { conditions: ['module-sync'] } : {},
    server: {
      proxy: {
        '/api': apiServer,
        '/sandbox': apiServer,
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Whole MUI forms filled keystroke by keystroke in jsdom take seconds, more so beside the server suite.
      testTimeout: 20_000,
    },
  };
});
