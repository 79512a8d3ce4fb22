/**
 * Vite build of the PWA: React, TanStack Router file routes (code-split per route), and the
 * service worker built from `sw/sw.ts` with vite-plugin-pwa `injectManifest` (ARCHITECTURE §6).
 * The dev server proxies `/api`, `/config.json` and `/cdn` to the API server on :3000.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,woff2}', 'locales/**/*.json'],
        // Store screenshots are only read by the install UI: keep them out of the precache (offline model, 0005).
        globIgnores: ['**/node_modules/**/*', 'screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.PODIUM_BUILD_VERSION ?? new Date().toISOString()),
  },
  server: {
    proxy: { '/api': apiTarget, '/config.json': apiTarget, '/cdn': apiTarget },
  },
  build: { sourcemap: true, target: 'es2022' },
});
