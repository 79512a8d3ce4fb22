/**
 * PostgreSQL for the benchmarks: one statement on its own connection (creating and dropping a throwaway database,
 * or a setting on it), and a throwaway database opened as the server opens its own.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/runtime';

/** The maintenance database of the benchmarks' PostgreSQL: a role allowed to create databases. */
const BENCH_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `statement` on the database at `databaseUrl` with a connection of its own, closed afterwards.
 * @throws the driver's error when the statement fails
 */
export async function runStatement(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database named `podium_bench_<label>_<random>` on `BENCH_ADMIN_URL`'s server, opens it with the
 * server's own `openDatabase` (migrations applied), runs `work` on it, then closes and drops it, whatever `work` did.
 * @returns what `work` returns
 * @throws what `work` or PostgreSQL throws (the database is dropped all the same)
 */
export async function withThrowawayDatabase<T>(label: string, work: (database: Database, name: string) => Promise<T>): Promise<T> {
  const name = `podium_bench_${label}_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  await runStatement(BENCH_ADMIN_URL, `create database "${name}"`);
  try {
    const url = new URL(BENCH_ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      return await work(database, name);
    } finally {
      await database.close();
    }
  } finally {
    await runStatement(BENCH_ADMIN_URL, `drop database if exists "${name}" with (force)`);
  }
}
