/**
 * The runtime's statements are prepared once per PostgreSQL connection under their names, on their first use, and
 * not at all when `DATABASE_PREPARED_STATEMENTS` is off; other statements are not prepared. PostgreSQL only: PGlite
 * runs in the process, with no protocol round trip to save.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, prepareQueries, prepareStatement, unitOfWork, type Database } from '../../server/db/runtime';
import { createPostgresDatabase, dropPostgresDatabase } from './helpers';

const adminUrl = inject('pgAdminUrl');

describe.skipIf(!adminUrl)('prepared statements on PostgreSQL', () => {
  const name = `${inject('pgDatabasePrefix')}_prep_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const opened: Database[] = [];

  /** Opens the test database with one connection, so every statement below runs on it. */
  let databaseUrl: string | undefined;
  async function open(preparedStatements: boolean): Promise<Database> {
    databaseUrl ??= await createPostgresDatabase(adminUrl!, name);
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1, preparedStatements });
    opened.push(database);
    return database;
  }

  /** The names of the statements prepared on the database's one connection. */
  async function prepared(database: Database): Promise<string[]> {
    const { rows } = (await database.db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    return rows.map((row) => row.name);
  }

  /** A raw statement and a built one, each answering `n + 1`. */
  function statements(database: Database) {
    const raw = prepareStatement<{ next: number }>(database.db, 'podium_probe_raw', sql`select ${sql.placeholder('n')}::int + 1 as next`);
    const built = prepareQueries(database.db, (db, statement) => ({
      next: db
        .select({ next: sql<number>`${sql.placeholder('n')}::int + 1` })
        .from(sql`(select 1) as one`)
        .prepare(statement('podium_probe_built')),
    }));
    return async (n: number) => [(await raw.execute({ n })).rows[0].next, (await built.next.execute({ n }))[0].next];
  }

  afterAll(async () => {
    for (const database of opened) await database.close();
    await dropPostgresDatabase(adminUrl!, name);
  });

  it('prepares each of its statements once per connection, on first use, inside units of work or not', async () => {
    const database = await open(true);
    const next = statements(database);
    expect(await prepared(database)).toEqual([]);
    const answers = [await next(1), await next(2), await unitOfWork(database.db, () => next(3))];
    expect(answers).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    // Only the runtime's statements: a plain `db.execute` runs unnamed.
    await database.db.execute(sql`select ${5}::int as n`);
    expect(await prepared(database)).toEqual(['podium_probe_built', 'podium_probe_raw']);
  });

  it('prepares nothing when switched off', async () => {
    const database = await open(false);
    const next = statements(database);
    expect([await next(1), await next(2), await unitOfWork(database.db, () => next(3))]).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(await prepared(database)).toEqual([]);
  });
});
