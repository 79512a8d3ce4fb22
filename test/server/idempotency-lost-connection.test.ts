/**
 * An Idempotency-Key is free again as soon as its request fails without committing: after a 503 for
 * a lost database connection, the client's immediate retry with the same key is processed and credits once, instead
 * of meeting 409 IdempotencyKeyInFlight until the key's in-flight record counts as abandoned. A retry that races a
 * request still running keeps getting 409.
 *
 * Connections are lost as in `statement-faults.ts`: killed on PostgreSQL, the SQLSTATE of a killed connection raised
 * on PGlite. The load test at the end, on PostgreSQL only, kills every connection while keyed check-ins run, as a
 * failover does; the pool then hands out connections that died a moment ago, the release of a failed request's key
 * among them.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkins } from '../../server/db/schema';
import { createMember, walletOf, type Member } from './content-fixtures';
import { createTestContext, type TestContext, type TestResponse } from './helpers';
import { createStatementFaults, type StatementFaults } from './statement-faults';

let ctx: TestContext;
let faults: StatementFaults;

beforeAll(async () => {
  ctx = await createTestContext();
  faults = await createStatementFaults(ctx);
});
afterAll(async () => {
  await faults?.close();
  await ctx?.close();
});
afterEach(async () => faults.clear());

const checkIn = (member: Member, key: string) =>
  ctx.request('POST', '/api/checkin', { token: member.token, body: {}, headers: { 'idempotency-key': key } });

/** Expects `member` to have checked in once today, credited once (10 points). */
async function expectCreditedOnce(member: Member) {
  expect(
    await ctx.db
      .select()
      .from(checkins)
      .where(inArray(checkins.userId, [member.userId])),
  ).toHaveLength(1);
  const wallet = await walletOf(ctx, member.userId);
  expect(wallet.points).toBe(10);
  expect(wallet.transactions).toBe(1);
}

describe('a key whose request lost its database connection is free at once', () => {
  for (const table of ['checkins', 'idempotency_records']) {
    it(`a check-in cut off in ${table} answers 503; its retry with the same key at once answers 201 and credits once`, async () => {
      const member = await createMember(ctx);
      const key = `lost-${randomUUID()}`;
      // The connection that releases the key was lost with the others: the pool hands it out once more.
      await faults.failNextDelete('idempotency_records');
      const failed = await faults.cutOff(table, () => checkIn(member, key));
      expect(failed.status).toBe(503);
      expect(failed.body.error.code).toBe('ServiceUnavailable');

      const retry = await checkIn(member, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.body.data.pointsAwarded).toBe(10);
      const replay = await checkIn(member, key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      await expectCreditedOnce(member);
    });
  }

  it('two retries at once after a 503: one checks in, the other gets 409 IdempotencyKeyInFlight', async () => {
    const member = await createMember(ctx);
    const key = `race-${randomUUID()}`;
    expect((await faults.cutOff('checkins', () => checkIn(member, key))).status).toBe(503);

    const retries = await Promise.all([checkIn(member, key), checkIn(member, key)]);
    expect(retries.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(retries.find((r) => r.status === 409)!.body.error.code).toBe('IdempotencyKeyInFlight');
    await expectCreditedOnce(member);
  });

  it('a retry while the first request still waits in its transaction gets 409, and the first one checks in once', async ({ skip }) => {
    // PGlite has one connection: a request in its transaction holds it, and a duplicate waits for it to finish.
    if (ctx.engine !== 'postgres') skip();
    const member = await createMember(ctx);
    const key = `waiting-${randomUUID()}`;
    const url = (ctx.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select id from users where id = $1 for update', [member.userId]);
      const first = checkIn(member, key);
      await expect
        .poll(
          async () =>
            (
              await locker.query(
                `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      const duplicate = await checkIn(member, key);
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe('IdempotencyKeyInFlight');
      await locker.query('rollback');
      expect((await first).status).toBe(201);
    } finally {
      await locker.end();
    }
    await expectCreditedOnce(member);
  });

  it('while every connection is killed again and again, each 503 of a keyed check-in is followed by a retry that checks in once', async ({
    skip,
  }) => {
    if (ctx.engine !== 'postgres') skip();
    const loops = 6;
    const perLoop = 20;
    const members = await Promise.all(Array.from({ length: loops * perLoop }, () => createMember(ctx)));
    const retried: number[] = [];
    let done = 0;
    let kills = 0;
    // A fan's n-th check-in waits for the n-th kill (up to the sixth): the storm keeps up with the load however fast
    // the check-ins run, and each kill waits for a check-in to finish (below), so neither side waits on a clock.
    const killsBefore = (n: number) => Math.min(n, 6);
    const loop = async (i: number) => {
      for (const [n, member] of members.slice(i * perLoop, (i + 1) * perLoop).entries()) {
        await expect.poll(() => kills >= killsBefore(n), { timeout: 30_000 }).toBe(true);
        const key = `storm-${randomUUID()}`;
        let res: TestResponse = await checkIn(member, key);
        // A retry can be cut off by the next kill too: the client keeps retrying on 503 only.
        for (let attempt = 0; res.status === 503 && attempt < 10; attempt++) {
          res = await checkIn(member, key);
          retried.push(res.status);
        }
        expect(res.status).toBe(201);
        done++;
      }
    };
    const running = Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
    while (done < members.length - loops) {
      const before = done;
      await faults.terminateBackends();
      kills++;
      await expect.poll(() => done > before, { timeout: 10_000 }).toBe(true);
    }
    await running;
    expect(kills).toBeGreaterThan(5);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.filter((status) => status === 409)).toEqual([]);
    const rows = await ctx.db
      .select({ userId: checkins.userId, n: sql<number>`count(*)::int` })
      .from(checkins)
      .where(
        inArray(
          checkins.userId,
          members.map((m) => m.userId),
        ),
      )
      .groupBy(checkins.userId);
    expect(rows).toHaveLength(members.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });
});
