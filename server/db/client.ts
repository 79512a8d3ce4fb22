/**
 * The database's types, whatever the engine, and what the server asks of a database error or of its migrations.
 * Opening a database is the runtime's (`server/db/runtime`).
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
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

/** The committed SQL migrations (drizzle-kit's folder, with its journal). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

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
