import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCore } from './i18n-core.js';

export default defineConfig({
  plugins: [react(), i18nCore()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Rendering every screen of a role in jsdom takes seconds on a loaded 2-core CI machine.
    testTimeout: 30_000,
  },
});
