/**
 * PostgreSQL connections lost while requests are in flight (ARCHITECTURE §2): an administrator terminating the
 * sessions of the server's database (as a failover or a restart would) costs at most the requests in flight,
 * answered 503 with `Retry-After` and the error shape; the process stays up, the next requests succeed, and
 * every write acknowledged with a 2xx is in the database afterwards. Runs on PostgreSQL only (PGlite has no
 * connection to lose), like database-resilience.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../server/db/schema';
import { createTestContext, type TestContext, type TestResponse } from './helpers';

let ctx: TestContext;
let admin: pg.Client | null = null;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
/** Backend process ids terminated so far. */
const terminatedPids = new Set<number>();

beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.engine !== 'postgres') return;
  // A session of our own on the test's database, outside the app's pool: it terminates the app's backends.
  const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await ctx?.close();
});
beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
});
afterEach(() => {
  process.off('uncaughtException', onUncaught);
});

/**
 * Waits until the app's pool holds no connection to a terminated backend: a terminated backend closes its socket
 * a moment later, and until the pool hears it, the pool may still hand that connection to a request, which then
 * fails like one in flight. Reads node-postgres's pool clients (`_clients`, each with its backend `processID`).
 */
async function untilPoolHeard() {
  const pool = (ctx.db as unknown as { $client: { _clients: Array<{ processID: number | null }> } }).$client;
  await vi.waitFor(() => expect(pool._clients.filter((c) => c.processID !== null && terminatedPids.has(c.processID))).toEqual([]), {
    timeout: 10_000,
  });
}

/** Terminates every other client backend of the test's database; returns how many. */
async function terminateBackends(): Promise<number> {
  const { rows } = await admin!.query<{ pid: number; done: boolean }>(
    `select pid, pg_terminate_backend(pid) as done from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  for (const row of rows) terminatedPids.add(row.pid);
  return rows.filter((row) => row.done).length;
}

/** A request in flight when its connection was lost answers 503 with Retry-After and the error shape. */
function expectUnavailable(res: TestResponse) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(res.body.error.code).toBe('ServiceUnavailable');
  expect(typeof res.body.error.message).toBe('string');
}

describe('PostgreSQL connections lost during writes', () => {
  it('terminating the backends during a write load keeps the process up and loses no acknowledged write', async ({ skip }) => {
    if (ctx.engine !== 'postgres') skip();
    const loops = 8;
    const tokens = await Promise.all(Array.from({ length: loops }, () => ctx.signIn()));
    const acknowledged: number[] = Array.from({ length: loops }, () => -1);
    const unavailable: TestResponse[] = [];
    let stop = false;
    let writes = 0;

    const loop = async (i: number) => {
      for (let n = 0; !stop; n++) {
        const res = await ctx.request('PATCH', '/api/user/me', { token: tokens[i], body: { firstName: `w${n}` } });
        writes++;
        if (res.status === 200) acknowledged[i] = n;
        else if (res.status === 503) unavailable.push(res);
        else throw new Error(`unexpected ${res.status} ${res.text}`);
      }
    };
    const running = Array.from({ length: loops }, (_, i) => loop(i));
    await expect.poll(() => writes, { timeout: 10_000 }).toBeGreaterThan(40);
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      const before = writes;
      terminated += await terminateBackends();
      await expect.poll(() => writes, { timeout: 10_000 }).toBeGreaterThan(before + 16);
    }
    stop = true;
    await Promise.all(running);

    expect(terminated).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);
    for (const res of unavailable) expectUnavailable(res);
    await untilPoolHeard();
    // The next requests succeed, more of them at once than the pool holds (no connection leaked).
    const next = await Promise.all(Array.from({ length: 24 }, (_, i) => ctx.request('GET', '/api/user/me', { token: tokens[i % loops] })));
    expect(next.map((r) => r.status)).toEqual(next.map(() => 200));
    // Nothing acknowledged is lost: each member's stored name is the last acknowledged write or a later one.
    for (let i = 0; i < loops; i++) {
      const me = (await ctx.request('GET', '/api/user/me', { token: tokens[i] })).body.data;
      expect(acknowledged[i]).toBeGreaterThanOrEqual(0);
      expect(Number(String(me.firstName).slice(1))).toBeGreaterThanOrEqual(acknowledged[i]);
    }
  });

  it('a transaction whose connection is terminated answers 503 and the next request succeeds', async ({ skip }) => {
    if (ctx.engine !== 'postgres') skip();
    const token = await ctx.signIn();
    const me = (await ctx.request('GET', '/api/user/me', { token })).body.data;
    // Hold the member's row so that the PATCH waits inside its transaction, on a checked-out connection.
    await admin!.query('begin');
    await admin!.query('select id from users where id = $1 for update', [me.userId]);
    const patch = ctx.request('PATCH', '/api/user/me', { token, body: { firstName: 'Lost' } });
    await expect
      .poll(
        async () => {
          const { rows } = await admin!.query(
            `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
          );
          return rows[0].n;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const terminated = await terminateBackends();
    expect(terminated).toBeGreaterThan(0);
    expectUnavailable(await patch);
    await admin!.query('rollback');
    await untilPoolHeard();

    expect(uncaught).toEqual([]);
    const started = performance.now();
    const next = await ctx.request('PATCH', '/api/user/me', { token, body: { firstName: 'Back' } });
    expect(next.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    const [row] = await ctx.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, me.userId));
    expect(row.firstName).toBe('Back');
  });

  it('a transaction of the server itself survives the loss of its connection as a rejected promise', async ({ skip }) => {
    if (ctx.engine !== 'postgres') skip();
    const sleeping = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(30)`);
    });
    const outcome = sleeping.then(
      () => 'committed',
      (error: unknown) => error,
    );
    await expect
      .poll(
        async () => {
          const { rows } = await admin!.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%pg_sleep%'
             and pid <> pg_backend_pid()`,
          );
          return rows[0].n;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await terminateBackends();
    const { isConnectionError } = await import('../../server/db/client');
    expect(isConnectionError(await outcome)).toBe(true);
    expect(uncaught).toEqual([]);
  });
});
