import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The journeys that also run on PostgreSQL (see testMatch). */
const PG_JOURNEYS = ['journeys', 'people', 'academics-enrolment', 'timetable', 'attendance', 'fees-records'];
const dataDir = process.env.E2E_DATA_DIR ?? './data/e2e';

export default defineConfig({
  testDir: './apps/web/e2e',
  // On PostgreSQL only the journeys whose server paths differ by database (bulk writes and their
  // locks, constraint clashes, upserts, search, realtime through Redis); screens, accessibility and
  // the login page's size do not depend on it and run on the embedded database only.
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
