/**
 * Vitest projects (kept apart from vite.config.ts so the PWA/router plugins stay out of tests):
 * - unit: pure rules and components, `test/unit/**`: in Node, and in jsdom for a file whose first line asks for it
 *   (Vitest's environment comment: components, storage, the network). Building a jsdom cost each file most of its time.
 * - server: the real Hono app in-process on PGlite, or PostgreSQL when `PODIUM_TEST_DB=postgres`, `test/server/**`
 */
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/unit/setup.ts'],
          // Waits end when their condition holds; these limits only matter on a loaded machine (test/unit/setup.ts).
          testTimeout: 20_000,
          expect: { poll: { timeout: 10_000 } },
        },
        // Components render on React 19, as in the browser build (docs/decisions/0035).
        plugins: [react()],
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
          // Every file builds its own app on its own database and mocks no module, so files share one process and
          // its loaded modules: isolating them re-imported the whole server (about 3 s) for each of them.
          isolate: false,
        },
      },
    ],
  },
});
