/**
 * PostgreSQL resilience (ARCHITECTURE §2, scale path): when PostgreSQL drops the server's idle connections (a
 * restart, a failover, an administrator terminating sessions), the server keeps running and answers the next
 * request on a fresh connection. Runs on PostgreSQL only; on PGlite there are no connections to lose.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('PostgreSQL connections lost', () => {
  it('the server answers again after PostgreSQL terminates its idle connections', async ({ skip }) => {
    if (ctx.engine !== 'postgres') skip();
    const token = await ctx.signIn();
    // Fill the pool with several idle connections.
    await Promise.all(Array.from({ length: 6 }, () => ctx.request('GET', '/api/challenge', { token })));
    // The server warns once per lost idle connection, as node-postgres drops it from the pool.
    const warn = vi.spyOn(console, 'warn');
    const lostIdle = () => warn.mock.calls.filter(([message]) => String(message).startsWith('[db] idle PostgreSQL connection lost')).length;
    // Another session of the same database terminates every other client backend (like a failover would).
    const killer = await ctx.db.transaction(async (tx) => {
      const result = await tx.execute(
        sql`select count(pg_terminate_backend(pid))::int as terminated from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      return (result as unknown as { rows: Array<{ terminated: number }> }).rows[0].terminated;
    });
    expect(killer).toBeGreaterThan(0);
    // Every terminated connection was idle in the pool: wait until the pool has heard of each loss.
    await vi.waitFor(() => expect(lostIdle()).toBe(killer), { timeout: 5_000 });
    warn.mockRestore();
    const me = await ctx.request('GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    const list = await ctx.request('GET', '/api/challenge', { token });
    expect(list.status).toBe(200);
  });
});
