import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. Each
    // server test file has a database of its own, so two run side by side (CI time: the main
    // process mostly waits).
    maxWorkers: 2,
  },
});
