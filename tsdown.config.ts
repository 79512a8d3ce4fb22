/**
 * Build of the production server (`npm run build:server`, run by `npm start`; docs/decisions/0044): tsdown
 * (rolldown) compiles `server/main.ts` (and the `npm run content` and `npm run db:move-to-postgres` commands) and what they import (with the shared `src/contracts` and rules) to plain
 * ES modules under `build/`, one output file per source file (unbundle), so every path a module resolves from
 * its own location (`new URL('./migrations', import.meta.url)`) means the same in `build/` as in the source
 * tree; the SQL migrations and seed media are copied beside the compiled modules. Packages stay in
 * node_modules (not bundled).
 */
import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: {
    'server/main': 'server/main.ts',
    'server/content-cli': 'server/content-cli.ts',
    'server/move-to-postgres-cli': 'server/move-to-postgres-cli.ts',
  },
  outDir: 'build',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  unbundle: true,
  // Mirror the repository layout (build/server/..., build/src/contracts/...), not the entries' folder.
  outputOptions: { preserveModulesRoot: import.meta.dirname },
  skipNodeModulesBundle: true,
  dts: false,
  clean: true,
  sourcemap: true,
  copy: [
    { from: 'server/db/migrations', to: 'build/server/db/migrations' },
    { from: 'server/seed/demo', to: 'build/server/seed/demo' },
    { from: 'server/seed/cdn', to: 'build/server/seed/cdn' },
  ],
});
