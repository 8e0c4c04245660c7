import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCore } from './i18n-core.js';
import { apiRoutes } from './contract-web.js';

export default defineConfig({
  plugins: [react(), i18nCore(), apiRoutes()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A worker loads the app's modules and jsdom once and runs its files one after another:
    // src/test/setup.ts resets what a test leaves (the rendered tree, cookies, both storages, mocks)
    // and sets English before each file. 83 s against 180 s for the 48 files on this 2-core machine;
    // green in shuffled orders too (--sequence.shuffle).
    isolate: false,
    // Rendering every screen of a role in jsdom takes seconds on a loaded 2-core CI machine.
    testTimeout: 30_000,
  },
});
