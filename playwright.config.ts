import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The journeys that also run on PostgreSQL (see testMatch). */
const PG_JOURNEYS = ['journeys', 'attendance', 'fees', 'chat'];
const dataDir = process.env.E2E_DATA_DIR ?? './data/e2e';

export default defineConfig({
  testDir: './apps/web/e2e',
  // On PostgreSQL the journeys that cross the database's concurrency paths end to end: sign-in and
  // realtime through Redis, a class's attendance saved under its lock, the fee story (record, plan,
  // a payment's receipt number under the counter's lock). Every server path (bulk writes, locks,
  // constraint clashes, upserts, search) is also tested on PostgreSQL by the server tests; screens,
  // accessibility and the login page's size do not depend on it: embedded database only.
  testMatch: process.env.E2E_DATABASE_URL ? PG_JOURNEYS.map((name) => `**/${name}.spec.ts`) : '**/*.spec.ts',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/sms_frontend/`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'on',
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
  },
});
