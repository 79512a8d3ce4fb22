/**
 * Database connection: embedded PGlite (a directory, or memory with `memory://`) or PostgreSQL through a
 * node-postgres pool when a URL is given. Both are wrapped by drizzle with the same schema and get the same
 * committed migrations (`server/db/migrations/`) applied by drizzle's migrator (ARCHITECTURE §2).
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whatever the engine. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle passed to `db.transaction(async (tx) => ...)`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or an open transaction: what query helpers accept. */
export type DbOrTx = Db | Tx;

/** An open database with its engine name and a `close()`. */
export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The embedded engine's client (PGlite only), e.g. to dump its data directory. */
  pglite?: PGlite;
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies pending migrations.
 * @param options.databaseUrl PostgreSQL URL; when null, PGlite is used
 * @param options.dataDir PGlite directory (created if missing) or `memory://`
 * @param options.poolSize node-postgres pool size (default 10)
 * @param options.pgliteTemplate a PGlite data-directory tarball to start from (tests load an already migrated
 *   template: about 1 s instead of 6-10 s for a fresh initdb)
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  pgliteTemplate?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // node-postgres emits backend errors of idle clients (a PostgreSQL restart, a failover, an administrator
    // terminating sessions) on the pool; without a listener they would crash the process. The pool drops that
    // client and opens a new one for the next request, so a warning is all that is needed.
    pool.on('error', (error) => console.warn(`[db] idle PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, engine: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, engine: 'pglite', pglite: client, close: () => client.close() };
}

/** True when `error` (or its cause, drizzle wraps driver errors) is a Postgres unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
