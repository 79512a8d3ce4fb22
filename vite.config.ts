/**
 * Vite build of the PWA: React 19 (decision 0035), TanStack Router file routes (code-split per route), and the
 * service worker built from `sw/sw.ts` with vite-plugin-pwa `injectManifest` (ARCHITECTURE §6).
 * The dev server proxies `/api`, `/config.json` and `/cdn` to the API server on :3000.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { excludeOptionalChunks, optionalChunksPlugin } from './scripts/lib/optional-chunks';

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    react(),
    // Records which chunks only some deployments load (analytics, telemetry, Supabase) for the precache filter below.
    optionalChunksPlugin(),
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
        // Chunks only some deployments load (PostHog, OpenTelemetry, Supabase; ~630 KiB) are not precached: found by
        // their modules, not their names (scripts/lib/optional-chunks.ts); the service worker caches them when loaded.
        manifestTransforms: [excludeOptionalChunks],
      },
      devOptions: { enabled: false },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.PODIUM_BUILD_VERSION ?? new Date().toISOString()),
  },
  server: {
    proxy: { '/api': apiTarget, '/config.json': apiTarget, '/cdn': apiTarget, '/manifest.webmanifest': apiTarget },
  },
  build: {
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // First-load budget (docs/decisions/0006): the libraries every screen needs go in one chunk and the
        // translation namespaces of the first screen in one chunk per language, so they compress together
        // instead of as dozens of small files. Everything else stays split per route by the router plugin.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|i18next-browser-languagedetector|i18next-resources-to-backend|use-sync-external-store|idb-keyval|html-parse-stringify|void-elements)[\\/]/,
            },
            {
              name: (id: string) => {
                const match = /locales[\\/](\w+)[\\/](common|session|dashboard|checkin|challenges|rewards|ranks|offline|stories)\.json$/.exec(id);
                return match ? `locale-${match[1]}` : null;
              },
            },
          ],
        },
      },
    },
  },
});
