import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // With TEST_DATABASE_URL the server's suite runs on PostgreSQL, and the files whose paths differ
    // on the embedded database run there too (apps/server/vitest.embedded.config.ts); without it,
    // every server file runs on PGlite.
    projects: ['packages/contract', 'apps/server', 'apps/web', ...(onPostgres ? ['apps/server/vitest.embedded.config.ts'] : [])],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. Each
    // server test file has a database of its own, so two run side by side (CI time: the main
    // process mostly waits).
    maxWorkers: 2,
  },
});
