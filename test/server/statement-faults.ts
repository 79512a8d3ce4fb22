/**
 * Statements cut off by a lost database connection, on both engines, for the server tests.
 *
 * `cutOff(table, send)` makes the next write to `table` lose its connection while `send()` waits for its answer. On
 * PostgreSQL a trigger holds the write in `pg_sleep` and a session of the test's own terminates every other client
 * backend of the test's database, as a failover or an administrator would. PGlite has no connection to lose: the
 * trigger raises the SQLSTATE PostgreSQL reports for a terminated connection (57P01), which the app tells apart the
 * same way. `failNextDelete(table)` makes the next delete of a row of `table` fail with that SQLSTATE, as a statement
 * sent on a pooled connection that was terminated a moment before does.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import type { TestContext } from './helpers';

export type StatementFaults = {
  /** Runs `send` while the next insert into `table` is cut off; the trigger is gone when it resolves. */
  cutOff: <T>(table: string, send: () => Promise<T>) => Promise<T>;
  /** The next delete of a row of `table` fails as on a lost connection (once). */
  failNextDelete: (table: string) => Promise<void>;
  /** PostgreSQL only: terminates every client backend of the test's database but the helper's own session. */
  terminateBackends: () => Promise<void>;
  /** Drops every trigger this helper made. */
  clear: () => Promise<void>;
  close: () => Promise<void>;
};

/** Builds the faults of `ctx`'s database (on PostgreSQL, with an administrator session of its own). */
export async function createStatementFaults(ctx: TestContext): Promise<StatementFaults> {
  let admin: pg.Client | null = null;
  if (ctx.engine === 'postgres') {
    const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  }
  const exec = async (text: string) => {
    if (admin) await admin.query(text);
    else await ctx.db.execute(sql.raw(text));
  };
  const lost = `raise exception 'connection lost (test fault)' using errcode = '57P01'`;
  await exec(`create or replace function podium_test_cut_off() returns trigger language plpgsql as $$
    begin ${admin ? 'perform pg_sleep(30)' : lost}; return new; end $$`);
  await exec(`create or replace function podium_test_fail_once() returns trigger language plpgsql as $$
    begin if nextval('podium_test_fail_once') = 1 then ${lost}; end if; return old; end $$`);
  const triggers = new Set<string>();
  const terminateBackends = async () => {
    if (!admin) throw new Error('PGlite has no connection to terminate');
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
  };

  const clear = async () => {
    for (const on of triggers) {
      const [name, table] = on.split(' ');
      await exec(`drop trigger if exists ${name} on ${table}`);
    }
    triggers.clear();
  };

  return {
    async cutOff(table, send) {
      await exec(`create trigger podium_test_cut_off before insert on ${table} for each row execute function podium_test_cut_off()`);
      triggers.add(`podium_test_cut_off ${table}`);
      try {
        const answer = send();
        if (admin) {
          const session = admin;
          await expect
            .poll(
              async () =>
                (
                  await session.query(
                    `select count(*)::int as n from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()`,
                  )
                ).rows[0].n,
              { timeout: 10_000 },
            )
            .toBeGreaterThan(0);
          await terminateBackends();
        }
        return await answer;
      } finally {
        await exec(`drop trigger podium_test_cut_off on ${table}`);
        triggers.delete(`podium_test_cut_off ${table}`);
      }
    },
    async failNextDelete(table) {
      await exec(`drop sequence if exists podium_test_fail_once`);
      await exec(`create sequence podium_test_fail_once`);
      await exec(`create trigger podium_test_fail_once before delete on ${table} for each row execute function podium_test_fail_once()`);
      triggers.add(`podium_test_fail_once ${table}`);
    },
    terminateBackends,
    clear,
    async close() {
      await clear();
      await admin?.end();
    },
  };
}
