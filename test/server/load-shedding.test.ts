/**
 * Load shedding: beyond MAX_IN_FLIGHT_REQUESTS requests in flight, the next one is answered at
 * once with 503 ServiceUnavailable and Retry-After, in the error shape, and nothing of it is applied; the admitted
 * requests complete, and once they have, requests are served again. Requests are held in flight with the app's
 * test-only Idempotency-Key step hook, so the test runs the same on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const LIMIT = 3;
let ctx: TestContext;
/** Resolved to let the held requests go on. */
let release: () => void = () => undefined;
let held: Promise<void> | null = null;
let arrivals = 0;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { MAX_IN_FLIGHT_REQUESTS: String(LIMIT) },
    faultHook: async (step) => {
      if (step !== 'claimed' || !held) return;
      arrivals++;
      await held;
    },
  });
});
afterAll(async () => ctx?.close());

describe('load shedding', () => {
  it(`beyond ${LIMIT} requests in flight answers 503 with Retry-After at once, and serves again afterwards`, async () => {
    const members: string[] = [];
    for (let i = 0; i <= LIMIT; i++) members.push(await ctx.signIn());
    held = new Promise<void>((resolve) => (release = resolve));
    const checkIn = (token: string) => ctx.request('POST', '/api/checkin', { token, headers: { 'idempotency-key': randomUUID() } });
    const admitted = members.slice(0, LIMIT).map(checkIn);
    // The first request is inside its handler; the others are admitted and wait for it or for the database.
    await expect.poll(() => arrivals).toBeGreaterThan(0);

    const shed = await checkIn(members[LIMIT]);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(shed.body).toEqual({ error: { code: 'ServiceUnavailable', message: expect.any(String) } });
    const read = await ctx.request('GET', '/api/user/me', { token: members[LIMIT] });
    expect(read.status).toBe(503);

    held = null;
    release();
    expect((await Promise.all(admitted)).map((r) => r.status)).toEqual(Array(LIMIT).fill(201));
    const shedUser = (await ctx.request('GET', '/api/user/me', { token: members[LIMIT] })).body.data;
    expect(shedUser.points).toBe(0);
    expect(await ctx.db.select().from(checkins).where(eq(checkins.userId, shedUser.userId))).toEqual([]);
    expect((await checkIn(members[LIMIT])).status).toBe(201);
  });
});
