import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCore } from './i18n-core.js';
import { CHUNK_GROUPS, SHELL_CHUNKS, checkChunks } from './chunks.js';
import { precompress } from './precompress.js';
import { mantineStyles, mantineVariables } from './mantine-styles.js';
import { apiRoutes, pureContract } from './contract-web.js';

const API_TARGET = process.env.SHALA_API_URL ?? 'http://127.0.0.1:3000';

// Served by the server at /sms_frontend/ (DESIGN section 6); the API lives at /api on the same host.
export default defineConfig({
  base: '/sms_frontend/',
  plugins: [
    react(),
    i18nCore(),
    mantineStyles(),
    mantineVariables(),
    apiRoutes(),
    pureContract(),
    checkChunks(),
    // The installable app (issue 10): our own service worker (src/sw.ts), registered by the signed-in
    // layout only (features/notifications/register-sw.ts), never by the login page.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Shala',
        short_name: 'Shala',
        description: 'Shala: school management',
        lang: 'en',
        start_url: '/sms_frontend/',
        scope: '/sms_frontend/',
        display: 'standalone',
        theme_color: '#4263eb',
        background_color: '#ffffff',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // The shell: the start-up chunks, styles, icons and the offline page; index.html comes from
        // the network (offline: offline.html), the screens' chunks when first opened.
        globPatterns: ['*.{html,png,svg}', 'assets/*.css', SHELL_CHUNKS],
        globIgnores: ['index.html'],
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli and gzip copies of every text file, the service worker's included.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // One chunk for each step of the way in (sign-in page, layout and dashboard, its cards)
        // and the start-up vendors; the other screens split on demand (chunks.ts).
        codeSplitting: { groups: CHUNK_GROUPS },
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
