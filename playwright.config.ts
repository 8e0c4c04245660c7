import { defineConfig, devices } from '@playwright/test';
import { ON_POSTGRES, SERVER, SERVER_NOW, WORKERS, serverOf } from './apps/web/e2e/servers';
import { PROVIDERS } from './apps/web/e2e/providers-config';
import { SERVER_BUNDLE, SERVER_NODE_OPTIONS, ensureServerBuilt } from './scripts/build-server.mjs';

// The journeys run the built server on plain Node, what `npm start` runs (scripts/e2e.mjs builds it
// first; this catches a run of Playwright by itself after a change to the server).
ensureServerBuilt();

/** The journeys that run on PostgreSQL (see testMatch). */
const PG_JOURNEYS = ['attendance', 'fees', 'chat', 'exams-report'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './apps/web/e2e',
  // On PostgreSQL the journeys that cross the database's concurrency paths end to end: realtime
  // (a chat between two browsers), a class's attendance saved under its lock, the fee story (record, plan,
  // a payment's receipt number under the counter's lock), the report cards (a class's marks in one
  // upsert, publishing, a batch of cards taken by the job queue on PostgreSQL). Every server path (bulk writes, locks,
  // constraint clashes, upserts, search) is also tested on PostgreSQL by the server tests; screens,
  // accessibility and the login page's size do not depend on it: embedded database only.
  // CI runs each journey once: E2E_EXCEPT_PG=1 leaves PG_JOURNEYS out of the embedded run, as CI
  // runs them on PostgreSQL next (a plain `npm run test:e2e` runs them on the embedded database too).
  testMatch: ON_POSTGRES ? PG_JOURNEYS : '**/*.spec.ts',
  testIgnore: !ON_POSTGRES && process.env.E2E_EXCEPT_PG === '1' ? PG_JOURNEYS : [],
  // A folder of its own on PostgreSQL, so that a run on each database can go at once (a run empties its folder first).
  outputDir: ON_POSTGRES ? './test-results-postgres' : './test-results',
  // A story's whole time: on a loaded 2-core CI machine a long one took more than 60 s (each step
  // keeps its own 10 s bound below, which is what catches a hang).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // A spec's tests run in order in one worker; specs spread over the workers, each with its own
  // server (apps/web/e2e/servers.ts).
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SERVER.port}/sms_frontend/`,
    // A trace's screencast more than doubles Chromium's CPU (its GPU process encodes every frame),
    // which on a loaded 2-core CI machine slows every page past the expectations' 10 s: on CI no
    // trace (a failure keeps its screenshot and the page's accessibility tree in error-context.md),
    // elsewhere the DOM snapshots of a failed journey without the screencast.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    // No service worker but in pwa.spec.ts (which allows it): installing it precaches the app's
    // assets in every new browser context, work a journey does not need on a loaded CI machine.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      // scripts/e2e.mjs sets it (scripts/lib.mjs findChromium: Debian's headless shell, else its chromium).
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
  webServer: [
    // The fake SMS and WhatsApp providers every server sends to (apps/web/e2e/providers.ts).
    {
      command: 'node --import tsx apps/web/e2e/providers.ts',
      url: `http://127.0.0.1:${PROVIDERS.controlPort}/sent`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
    },
    ...Array.from({ length: WORKERS }, (_, index) => {
      const { port, dataDir, databaseUrl } = serverOf(index);
      return {
        command: ['node', ...SERVER_NODE_OPTIONS, JSON.stringify(SERVER_BUNDLE)].join(' '),
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe' as const,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO: 'on',
          AUTH_RATE_LIMIT_MAX: '1000',
          // Two servers and two browsers share a loaded 2-core CI machine: no overload shedding here
          // (its own server test proves it).
          SHED_EVENT_LOOP_DELAY_MS: '0',
          SHED_DB_WAIT_MS: '0',
          LOG_LEVEL: 'warn',
          // The server's clock starts at a fixed school day, 10:00 in India (scripts/test-clock.mjs),
          // or on a seeded copy where the seed's clock stopped (servers.ts).
          SHALA_NOW: SERVER_NOW,
          DATABASE_URL: databaseUrl,
          // Provider accounts can be stored, and are sent to the fakes.
          SECRETS_KEY: PROVIDERS.secretsKey,
          SMS_MSG91_URL: `http://127.0.0.1:${PROVIDERS.msg91Port}`,
          WHATSAPP_GRAPH_URL: `http://127.0.0.1:${PROVIDERS.whatsappPort}`,
          RAZORPAY_API_URL: `http://127.0.0.1:${PROVIDERS.razorpayPort}`,
          RAZORPAY_CHECKOUT_URL: `http://127.0.0.1:${PROVIDERS.checkoutPort}/v1/checkout.js`,
        },
      };
    }),
  ],
});
