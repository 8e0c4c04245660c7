import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCore } from './i18n-core.js';

const API_TARGET = process.env.SHALA_API_URL ?? 'http://127.0.0.1:3000';

// Served by the server at /sms_frontend/ (DESIGN section 6); the API lives at /api on the same host.
export default defineConfig({
  base: '/sms_frontend/',
  plugins: [react(), i18nCore()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Name the start-up vendors (all needed by the login screen anyway) for long-term caching;
        // everything else (Mantine's floating UI, socket.io, the layout) splits by route on demand.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
    },
  },
});
