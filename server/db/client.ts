/**
 * Database connection: embedded PGlite (a directory, or memory with `memory://`) or PostgreSQL through a
 * node-postgres pool when a URL is given. Both are wrapped by drizzle with the same schema and get the same
 * committed migrations (`server/db/migrations/`) applied by drizzle's migrator (ARCHITECTURE §2).
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync, readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { describeError } from '../lib/error-description';
import { prepareStatementsOf, statementNames } from './prepared-statements';

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
  /** The PostgreSQL URL it was opened with (PostgreSQL only): the job queue opens its own small pool on it. */
  url?: string;
  close: () => Promise<void>;
};

/** A lost connection's error for the console: its code and class, never a message that could quote a statement. */
function summary(error: unknown): string {
  const described = describeError(error);
  return [described.code, described.class].filter(Boolean).join(' ') || described.error;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies pending migrations.
 * @param options.databaseUrl PostgreSQL URL; when null, PGlite is used
 * @param options.dataDir PGlite directory (created if missing) or `memory://`
 * @param options.poolSize node-postgres pool size (default 10)
 * @param options.poolTimeoutMs how long a query may wait for a free connection (default 5000 ms); past it the
 *   query fails with a connection error, which the app answers 503 + Retry-After (load shedding, decision 0047)
 * @param options.preparedStatements on PostgreSQL, prepare parameterized statements once per connection (default
 *   true; decision 0067); off, no statement is prepared, for a transaction-mode pooler that cannot keep them
 * @param options.pgliteTemplate a PGlite data-directory tarball to start from (tests load an already migrated
 *   template: about 1 s instead of 6-10 s for a fresh initdb)
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  poolTimeoutMs?: number;
  pgliteTemplate?: Blob;
  preparedStatements?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.poolTimeoutMs ?? 5_000,
    });
    // node-postgres emits backend errors of idle clients (a PostgreSQL restart, a failover, an administrator
    // terminating sessions) on the pool; without a listener they would crash the process. The pool drops that
    // client and opens a new one for the next request, so a warning is all that is needed.
    pool.on('error', (error) => console.warn(`[db] idle PostgreSQL connection lost: ${summary(error)}`));
    // A client checked out by a transaction is detached from the pool's listener: when its backend is
    // terminated mid-query, the client itself emits 'error' and, unheard, that kills the process. The failing
    // query rejects anyway (the request answers 503, see `isConnectionError`). The broken client is handed back
    // to the pool at once (which discards it): drizzle does not release a client whose BEGIN failed, and a few
    // such leaks would exhaust the pool for good. Its later release by drizzle is then a no-op.
    const checkedOut = new WeakSet<object>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    const nameOf = statementNames();
    pool.on('connect', (client) => {
      prepareStatementsOf(client, options.preparedStatements ?? true, nameOf);
      client.on('error', (error) => {
        console.warn(`[db] PostgreSQL connection lost: ${summary(error)}`);
        if (!checkedOut.has(client)) return;
        const release = client.release;
        client.release = () => undefined;
        release.call(client, error);
      });
    });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, engine: 'postgres', url: options.databaseUrl, close: () => pool.end() };
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

/** The `when` of the newest committed migration (drizzle's journal), read once. */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
    newestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newestMigration;
}

/**
 * Runs a raw statement on `db` (the database or a transaction) and answers its rows, typed as the caller's `T`: both
 * engines' drivers answer `db.execute` with `{rows}`.
 */
export async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * True when the database has every committed migration applied, by the rule drizzle's migrator applies them: the
 * newest row of `drizzle.__drizzle_migrations` is at least as recent as the newest journal entry. False when the
 * table is missing or older (a process started on a database another release migrated back, or not at all).
 * Used by `/readyz` (decision 0089).
 * @throws the driver's error when the database cannot be reached
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const [table] = await rowsOf<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!table?.exists) return false;
  const [newest] = await rowsOf<{ when: string | null }>(db, sql`select max(created_at)::text as "when" from drizzle.__drizzle_migrations`);
  return newest?.when != null && Number(newest.when) >= newestMigrationMillis();
}

/** True when `error` (or its cause, drizzle wraps driver errors) is a Postgres unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** PostgreSQL SQLSTATEs of a lost or refused connection: class 08, and 57P01-57P03 (shutdown, crash, starting). */
const CONNECTION_SQLSTATE = /^(08...|57P0[123])$/;
/** Node socket errors of a lost or refused connection. */
const CONNECTION_ERRNO = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** Messages node-postgres uses for a connection that went away without an SQLSTATE. */
const CONNECTION_MESSAGE = /Connection terminated|not queryable|Connection ended|timeout exceeded when trying to connect/i;

/**
 * True when `error` (or a cause, up to 4 levels: drizzle wraps driver errors) says the database connection was
 * lost or refused (a failover, a restart, an administrator ending sessions) rather than that the statement was
 * wrong. Such a request did not commit and can be retried: the app answers 503 with `Retry-After`.
 */
export function isConnectionError(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && (CONNECTION_SQLSTATE.test(e.code) || CONNECTION_ERRNO.has(e.code))) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
