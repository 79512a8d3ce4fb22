/**
 * Vite build of the PWA: React 19 (decision 0035), TanStack Router file routes (code-split per route), and the
 * service worker built from `sw/sw.ts` with vite-plugin-pwa `injectManifest` (ARCHITECTURE §6).
 * The dev server proxies `/api`, `/config.json` and `/cdn` to the API server on :3000.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { consoleChunksPlugin, excludeConsoleChunks } from './scripts/lib/console-chunks';
import { excludeOptionalChunks, optionalChunksPlugin } from './scripts/lib/optional-chunks';
import { earlyRequestsPlugin } from './scripts/lib/early-requests';
import { FIRST_SCREEN_NAMESPACES } from './src/platform/first-screen-namespaces';

const apiTarget = 'http://127.0.0.1:3000';

/** The signed-out pages' modules (`src/routes/_open.tsx` and `src/routes/_open/`): their chunks are named `open-*`. */
const OPEN_ROUTE = /[\\/]src[\\/]routes[\\/]_open(\.tsx|[\\/])/;
/** A chunk file of a signed-out page (see `chunkFileNames` below). */
const OPEN_CHUNK = /(^|\/)open-[^/]*\.js$/;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    // Records which chunks only some deployments load (analytics, telemetry, Supabase) for the precache filter below.
    optionalChunksPlugin(),
    // Records the chunks only the operator console reaches, for the precache filter below.
    consoleChunksPlugin(),
    // The organization, and a first visit's strings and signed-out route chunks, load beside the framework (0107).
    earlyRequestsPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,woff2}', 'locales/**/*.json'],
        // Store screenshots and the manifest's default icons (`icons/icon-*.png`, used only when the organization has
        // no logo) are read by the install UI, online, never by the page: keep them out of the precache (offline
        // model, 0005). The page's own icons (favicon, apple-touch-icon, icon.svg) stay.
        // The operator console (its code, styles and strings, in `console-*` chunks: see `codeSplitting` below)
        // is for operators online, not for a fan's offline app.
        globIgnores: ['**/node_modules/**/*', 'screenshots/**', 'icons/icon-*.png', 'assets/console-*.js', 'assets/console-*.css'],
        // Chunks only some deployments load (PostHog, OpenTelemetry, Supabase; ~630 KiB) are not precached: found by
        // their modules, not their names (scripts/lib/optional-chunks.ts); the service worker caches them when loaded.
        // The console's chunks are left out too: `console-*` by `globIgnores`, the rest it alone reaches by the
        // bundle graph (scripts/lib/console-chunks.ts).
        manifestTransforms: [excludeOptionalChunks, excludeConsoleChunks],
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
    // index.html preloads what the entry imports, and a signed-out page's chunk (`open-*`: a first visit, before any
    // service worker) its own imports, in parallel. Any other lazily loaded chunk's imports are left to the browser's
    // module loader, and only its styles go through Vite's preload helper: the helper added a `<link rel=modulepreload>`
    // per import (29 for the dashboard), and on a page the service worker controls each one cost main-thread time in
    // a single task, most of the longest task of a returning fan's start-up (decision 0106).
    modulePreload: {
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'html' || OPEN_CHUNK.test(filename) ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    target: 'es2022',
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && OPEN_ROUTE.test(chunk.facadeModuleId) ? 'assets/open-[name]-[hash].js' : 'assets/[name]-[hash].js',
        // First-load budget (docs/decisions/0006): the libraries every screen needs go in one chunk and the
        // translation namespaces of the first screen in one chunk per language, so they compress together
        // instead of as dozens of small files. Everything else stays split per route by the router plugin.
        // The operator console is one chunk of its own (`console-*`: its feature, the admin contracts, its
        // libraries and the split-off components of the `/admin` routes; their small route definitions stay in
        // the route tree) and one per language for its strings (`console-locale-*`), left out of the precache.
        codeSplitting: {
          groups: [
            {
              name: 'console',
              // Only the console's own modules: what it shares with the fan app (the HTTP client, zod, ...) stays in
              // the fan app's chunks, which the console chunk imports. The figures chart stays out, so that it and
              // uPlot form the chunk the figures page loads lazily (a chunk the console imported statically would
              // load uPlot with every console page).
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](features[\\/]console[\\/](?!components[\\/]figures-chart)|contracts[\\/]admin[\\/])|[\\/]src[\\/]routes[\\/]admin(\.tsx|[\\/][^?]*)\?tsr-split|[\\/]node_modules[\\/](@dnd-kit|@date-fns|papaparse)[\\/]/,
            },
            {
              name: (id: string) => {
                const match = /locales[\\/](\w+)[\\/]console(?:-[\w-]+)?\.json$/.exec(id);
                return match ? `console-locale-${match[1]}` : null;
              },
            },
            {
              name: 'framework',
              // The router's and the query cache's TanStack packages only: the console's form library stays in the console.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?:react-router|router-core|history|react-query|query-core|query-persist-client-core|react-store|store)|i18next|react-i18next|i18next-browser-languagedetector|i18next-resources-to-backend|use-sync-external-store|idb-keyval|html-parse-stringify|void-elements)[\\/]/,
            },
            {
              name: (id: string) => {
                const match = /locales[\\/](\w+)[\\/]([\w-]+)\.json$/.exec(id);
                return match && (FIRST_SCREEN_NAMESPACES as readonly string[]).includes(match[2]) ? `locale-${match[1]}` : null;
              },
            },
          ],
        },
      },
    },
  },
});
