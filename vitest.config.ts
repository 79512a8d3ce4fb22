/**
 * Vitest projects (kept apart from vite.config.ts so the PWA/router plugins stay out of tests):
 * - unit: pure rules and components (jsdom), `test/unit/**`
 * - server: the real Hono app in-process on PGlite, or PostgreSQL when `PODIUM_TEST_DB=postgres`, `test/server/**`
 */
import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { preactExtraAlias } from './vite.config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Libraries that import React are inlined so that they too get Preact, as in the browser build.
          server: { deps: { inline: [/@tanstack/, /react-i18next/, /sonner/, /use-sync-external-store/] } },
        },
        // Components render on Preact, as in the browser build (docs/decisions/0034).
        resolve: { alias: preactExtraAlias },
        plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false })],
      },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
