import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { DATA_DIR_PREFIX } from './global-teardown.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

// Playwright loads this file again in every worker; they inherit the runner's environment, so
// only the runner creates the run's fresh database directory and the workers reuse its path.
process.env.TRAFFIC_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), DATA_DIR_PREFIX));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Journeys go through real payments, delivery and lazily loaded screens on a 2-core machine.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  // A journey that fails is run once more, in a fresh worker, and the report names it "flaky" if it
  // then passes (decision 0048): on this 2-core machine two full runs in a row each lost one
  // journey, differently, to timing; a journey that fails twice fails the run.
  retries: 1,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads do not work here. The e2e scripts run
      // scripts/prerequisites.cjs first, which makes sure of this file (installing it if it can).
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], headless: true } }],
  webServer: {
    command: 'node --import tsx apps/api/src/main.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.TRAFFIC_E2E_DATA_DIR,
      PAYMENTS_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password-123',
      // The delivery collection reads 9Hits at every scheduler tick (15 s), so charts grow within a test.
      DELIVERY_COLLECT_SECONDS: '10',
    },
  },
});
