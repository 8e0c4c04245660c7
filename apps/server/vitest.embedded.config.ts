import { defineConfig } from 'vitest/config';
import { serverTest } from './vitest.config';

/**
 * What differs on the embedded PGlite, run there as well when the full suite runs on PostgreSQL
 * (CI: `.ci/run`; on a machine without PostgreSQL `npm test` runs every file on PGlite anyway).
 * Each file is here for a path of its own on the embedded database:
 */
export const EMBEDDED_TESTS = [
  'main.test.ts', // `npm start`: the default install, its demo seed, restarts and one-time password
  'demo-seed.test.ts', // the demo school as `npm start` seeds it
  'migrations.test.ts', // migrations as the embedded superuser, upgrades of a previous release
  'tenancy.test.ts', // row-level security on every tenant table
  'db-turns.test.ts', // the embedded client's statement queue gives the event loop its turns
  'attendance-mark.test.ts', // the class lock and concurrent saves through the one connection
  'fees-jobs.test.ts', // the job queue (pg-boss) on a PGlite data folder
  'backup.test.ts', // backup and restore of a data folder
  'two-nodes.test.ts', // one embedded node per data folder (a second one refused)
  'crash.test.ts', // SIGKILL mid-traffic: every acknowledged write survives, receipts without a gap
];

export default defineConfig({
  test: {
    ...serverTest,
    name: 'server-embedded',
    include: EMBEDDED_TESTS.map((file) => `test/${file}`),
    // No PostgreSQL and no Redis in this project, whatever the environment says.
    env: { ...serverTest.env, TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
  },
});
