/**
 * Vite build of the PWA: React code run on Preact (decision 0034), TanStack Router file routes (code-split per route), and the
 * service worker built from `sw/sw.ts` with vite-plugin-pwa `injectManifest` (ARCHITECTURE §6).
 * The dev server proxies `/api`, `/config.json` and `/cdn` to the API server on :3000.
 */
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { excludeOptionalChunks, optionalChunksPlugin } from './scripts/lib/optional-chunks';

/**
 * The app is written against React 19's API and types; in the browser it runs on Preact 11 through
 * `@preact/preset-vite` (JSX, `react`/`react-dom` aliased to `preact/compat`, Prefresh in dev), 55 KiB gzip lighter
 * than react-dom (first-load budget, docs/decisions/0034). This one alias comes on top: react-i18next imports a shim
 * for React < 18 that would `require('react')`; Preact has `useSyncExternalStore` itself. The unit tests use it too.
 */
export const preactExtraAlias = [{ find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' }];

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' }),
    preact(),
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
  resolve: { alias: preactExtraAlias },
  define: {
    __APP_VERSION__: JSON.stringify(process.env.PODIUM_BUILD_VERSION ?? new Date().toISOString()),
  },
  server: {
    proxy: { '/api': apiTarget, '/config.json': apiTarget, '/cdn': apiTarget },
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
              test: /node_modules[\\/](preact|@tanstack|i18next|react-i18next|i18next-browser-languagedetector|i18next-resources-to-backend|use-sync-external-store|idb-keyval|html-parse-stringify|void-elements)[\\/]/,
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
