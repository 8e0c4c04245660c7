import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_NOW } from '../../scripts/test-clock.mjs';

/** The server's tests: on PGlite in memory, or on PostgreSQL when TEST_DATABASE_URL is set. */
export const serverTest = {
  name: 'server',
  include: ['test/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  // A file fails on two statements at once on one transaction's connection (pg 9 refuses them).
  setupFiles: ['test/no-concurrent-queries.ts'],
  pool: 'forks' as const,
  // A worker imports the server once and runs its files one after another in it: each file builds
  // its own app on its own database (test/helpers.ts setupApp), and nothing in the server keeps
  // state across apps but caches keyed by random tokens; a fresh import per file cost more than
  // half the suite's time (264 s against 109 s on PostgreSQL, on this 2-core machine).
  isolate: false,
  // The server's clock starts at a fixed school day (src/clock.ts): no test depends on the real date.
  env: { SHALA_NOW: TEST_NOW },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * On PostgreSQL, two files are left to the embedded project, which runs them on PGlite whatever the
 * environment says: `npm start`'s test (main.test.ts, the real entry point on the embedded database)
 * and the crash test (crash.test.ts: a SIGKILL takes the embedded database down with the server).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export default defineConfig({ test: { ...serverTest, exclude: [...configDefaults.exclude, ...(onPostgres ? ['test/main.test.ts', 'test/crash.test.ts'] : [])] } });
