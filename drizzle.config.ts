/**
 * drizzle-kit configuration: `npm run db:generate` writes SQL migrations from `server/db/schema/` into
 * `server/db/migrations/` (committed). The server applies them at start on PGlite and PostgreSQL alike.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
