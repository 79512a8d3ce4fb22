/**
 * Parameterized statements are prepared once per PostgreSQL connection, never beyond the cap, and
 * not at all when `DATABASE_PREPARED_STATEMENTS` is off. PostgreSQL only: PGlite runs in the process, with no
 * protocol round trip to save.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { MAX_NAMED_STATEMENTS } from '../../server/db/prepared-statements';
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

  /** The statements prepared on the database's one connection. */
  async function prepared(database: Database): Promise<string[]> {
    const { rows } = (await database.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
      rows: Array<{ statement: string }>;
    };
    return rows.map((row) => row.statement);
  }

  afterAll(async () => {
    for (const database of opened) await database.close();
    await dropPostgresDatabase(adminUrl!, name);
  });

  it('prepares a statement on its first use and answers later uses from it', async () => {
    const database = await open(true);
    const probe = (n: number) => database.db.execute(sql`select ${n}::int + 1 as next /* prepared-probe */`);
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(((await probe(n)) as unknown as { rows: Array<{ next: number }> }).rows[0].next);
    expect(answers).toEqual([2, 3, 4]);
    expect((await prepared(database)).filter((text) => text.includes('prepared-probe'))).toHaveLength(1);
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} distinct statements and runs the others unnamed`, async () => {
    const database = await open(true);
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
      const answer = (await database.db.execute(sql`select ${i}::int as n /* ${sql.raw(`distinct-${i}`)} */`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(answer.rows[0].n).toBe(i);
    }
    const texts = await prepared(database);
    expect(texts.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(texts.some((text) => text.includes(`distinct-${MAX_NAMED_STATEMENTS + 19}`))).toBe(false);
  });

  it('prepares nothing when switched off', async () => {
    const database = await open(false);
    await database.db.execute(sql`select ${1}::int as n /* unprepared-probe */`);
    await database.db.execute(sql`select ${2}::int as n /* unprepared-probe */`);
    // Not even the app's own named statements (drizzle's `.prepare(name)`): a pooler in transaction mode loses them.
    const named = database.db
      .select({ n: sql<number>`${sql.placeholder('n')}::int` })
      .from(sql`(select 1) as one`)
      .prepare('podium_named_probe');
    expect(await named.execute({ n: 3 })).toEqual([{ n: 3 }]);
    expect(await named.execute({ n: 4 })).toEqual([{ n: 4 }]);
    expect(await prepared(database)).toEqual([]);
  });
});
