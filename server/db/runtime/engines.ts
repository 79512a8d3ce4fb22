/**
 * The two database engines behind one shape (ARCHITECTURE §2): embedded PGlite (a directory, or memory with
 * `memory://`) or PostgreSQL through a node-postgres pool when a URL is given. Both are wrapped by drizzle with the
 * same schema and get the same committed migrations (`server/db/migrations/`) applied by drizzle's migrator.
 *
 * Each open database keeps its engine (`engineOf(db)`): how to open a transaction on a connection of its own, and
 * how to run a statement on that connection or straight on the database. The rest of the runtime (units of work,
 * prepared statements) is built on it, through each driver's public API only: node-postgres's named queries and
 * pool checkouts, PGlite's `transaction()` and `query()`, drizzle over a pooled client, and drizzle's exported session
 * classes over a PGlite transaction (what drizzle's own `transaction()` builds).
 */
import { mkdirSync } from 'node:fs';
import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite, PGliteOptions, Transaction as PgliteConnection } from '@electric-sql/pglite';
import type { Pool, PoolClient, QueryConfig, QueryResultRow } from 'pg';
import * as schema from '../schema';
import type { Db, Tx } from '../client';
import { isConnectionError, MIGRATIONS_FOLDER } from '../client';
import { describeError } from '../../lib/error-description';

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

/**
 * Where a statement runs: one connection (a transaction's), or the database itself (a pooled connection of the
 * moment on PostgreSQL, the one instance on PGlite).
 */
export type Connection = {
  /**
   * Runs `text` with its `$n` `values`; answers the rows keyed by column name, dates and times as PostgreSQL's text
   * (as drizzle's drivers answer a raw statement).
   * @param name the statement's name: on PostgreSQL it is prepared under it once per connection (none when the
   *   database's prepared statements are off)
   */
  query: <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;
  /** A drizzle database on this connection, to prepare builder statements once per connection. */
  db: Db;
};

/** What the runtime needs of an engine. */
type Engine = {
  /** The database itself. */
  direct: Connection;
  /** drizzle's SQL renderer for this database (PostgreSQL's dialect, no casing). */
  dialect: PgDialect;
  /** Whether statements are prepared under their names (PostgreSQL, `DATABASE_PREPARED_STATEMENTS`). */
  prepare: boolean;
  /**
   * Opens a transaction on a connection of its own and runs `work` in it: commits when `work` resolves, rolls back
   * when it rejects (and rejects with its error).
   */
  transaction: <T>(work: (tx: Tx, connection: Connection) => Promise<T>) => Promise<T>;
};

const engines = new WeakMap<Db, Engine>();

/**
 * The engine `db` was opened on.
 * @throws Error for a `db` that `openDatabase` did not open
 */
export function engineOf(db: Db): Engine {
  const engine = engines.get(db);
  if (!engine) throw new Error('This database was not opened by openDatabase');
  return engine;
}

/** A lost connection's error for the console: its code and class, never a message that could quote a statement. */
function summary(error: unknown): string {
  const described = describeError(error);
  return [described.code, described.class].filter(Boolean).join(' ') || described.error;
}

/** The schema's relational configuration, as `drizzle(client, {schema})` builds it; built once. */
function relationalSchema() {
  const config = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: config.tables, tableNamesMap: config.tableNamesMap };
}

/**
 * Opens the database and applies pending migrations.
 * @param options.databaseUrl PostgreSQL URL; when null, PGlite is used
 * @param options.dataDir PGlite directory (created if missing) or `memory://`
 * @param options.poolSize node-postgres pool size (default 10)
 * @param options.poolTimeoutMs how long a query may wait for a free connection (default 5000 ms); past it the
 *   query fails with a connection error, which the app answers 503 + Retry-After (load shedding, decision 0047)
 * @param options.preparedStatements on PostgreSQL, prepare the runtime's named statements once per connection
 *   (default true; decision 0096); off, no statement is prepared, for a transaction-mode pooler that cannot keep them
 * @param options.pgliteTemplate a PGlite data-directory tarball to start from (tests load an already migrated
 *   template: about 1 s instead of 6-10 s for a fresh initdb)
 * @param options.pgliteModule PGlite's WebAssembly module, already compiled, and its file-system bundle (PGlite's
 *   own options): a process that opens many embedded databases (the tests) compiles and reads them once
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  poolTimeoutMs?: number;
  pgliteTemplate?: Blob;
  pgliteModule?: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;
  preparedStatements?: boolean;
}): Promise<Database> {
  const dialect = new PgDialect();
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.poolTimeoutMs ?? 5_000,
    });
    // node-postgres emits backend errors of idle clients (a PostgreSQL restart, a failover, an administrator
    // terminating sessions) on the pool, and those of a checked-out client on the client; unheard, either kills the
    // process. The pool drops an idle broken client; a checked-out one is handed back with its error by whoever
    // holds it (the failing query rejects, and the request answers 503, see `isConnectionError`).
    pool.on('error', (error) => console.warn(`[db] idle PostgreSQL connection lost: ${summary(error)}`));
    pool.on('connect', (client) => client.on('error', (error) => console.warn(`[db] PostgreSQL connection lost: ${summary(error)}`)));
    const prepare = options.preparedStatements ?? true;
    // Dates and times stay PostgreSQL's text, as drizzle's node-postgres driver reads them (the OIDs are the arrays
    // of numeric, timestamp, timestamptz, interval and date, which node-postgres's `builtins` does not name).
    const { builtins } = pg.types;
    const asText = new Set<number>([
      builtins.TIMESTAMPTZ,
      builtins.TIMESTAMP,
      builtins.DATE,
      builtins.INTERVAL,
      1231,
      1115,
      1185,
      1187,
      1182,
    ]);
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        asText.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format ?? 'text'),
    };
    const connectionOn = (client: Pool | PoolClient, db: Db): Connection => ({
      db,
      query: async <Row>(name: string, text: string, values: unknown[]) =>
        (await client.query<Row & QueryResultRow>({ ...(prepare ? { name } : {}), text, values, types } as QueryConfig)).rows,
    });
    const drizzleDb = drizzle(pool, { schema });
    const db = drizzleDb as unknown as Db;
    const relational = relationalSchema() as never;
    const { NodePgSession, NodePgDatabase } = await import('drizzle-orm/node-postgres');
    // One drizzle database per pooled client, kept with it: builder statements are prepared on it once per connection.
    const connections = new WeakMap<PoolClient, Connection>();
    const connectionOf = (client: PoolClient) => {
      let connection = connections.get(client);
      if (!connection) {
        const session = new NodePgSession(client, dialect, relational, {});
        connection = connectionOn(client, new NodePgDatabase(dialect, session, relational) as unknown as Db);
        connections.set(client, connection);
      }
      return connection;
    };
    engines.set(db, {
      direct: connectionOn(pool, db),
      dialect,
      prepare,
      async transaction(work) {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          const connection = connectionOf(client);
          return await connection.db.transaction((tx) => work(tx, connection));
        } catch (error) {
          // A connection that failed mid-transaction is discarded by the pool rather than handed out again.
          if (isConnectionError(error)) broken = error as Error;
          throw error;
        } finally {
          client.release(broken);
        }
      },
    });
    await migrate(drizzleDb, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, engine: 'postgres', url: options.databaseUrl, close: () => pool.end() };
  }
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { drizzle, PgliteSession, PgliteTransaction } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : options.dataDir,
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    ...options.pgliteModule,
  });
  // Dates and times stay PostgreSQL's text, as drizzle's PGlite driver reads them.
  const asText = (value: string) => value;
  const parsers = { [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText, [types.INTERVAL]: asText, [types.DATE]: asText };
  const connectionOn = (target: PGlite | PgliteConnection, db: Db): Connection => ({
    db,
    query: async <Row>(_name: string, text: string, values: unknown[]) => (await target.query<Row>(text, values, { parsers })).rows,
  });
  const drizzleDb = drizzle(client, { schema });
  const db = drizzleDb as unknown as Db;
  const relational = relationalSchema() as never;
  engines.set(db, {
    direct: connectionOn(client, db),
    dialect,
    prepare: false,
    // PGlite has one connection: its transaction holds it, and every statement of the transaction must go through
    // the transaction's handle (the instance itself waits until the transaction ends). drizzle's own transaction
    // builds this same session and transaction over that handle.
    transaction: (work) =>
      client.transaction(async (handle) => {
        const session = new PgliteSession(handle as unknown as PGlite, dialect, relational, {});
        const tx = new PgliteTransaction(dialect, session, relational) as unknown as Tx;
        return work(tx, connectionOn(handle, tx as unknown as Db));
      }),
  });
  await migrate(drizzleDb, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, engine: 'pglite', pglite: client, close: () => client.close() };
}
