/**
 * PostgreSQL for the benchmarks: one statement on its own connection (creating and dropping a throwaway database,
 * or a setting on it).
 */
import pg from 'pg';

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
