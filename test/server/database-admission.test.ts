/**
 * Admission in front of the database (used for the embedded PGlite): at most `concurrency` API
 * requests are served at once; the next ones wait in line and are served in turn, a request not admitted within
 * DATABASE_POOL_TIMEOUT_MS, or finding MAX_IN_FLIGHT_REQUESTS already waiting, is answered 503 ServiceUnavailable
 * with Retry-After and nothing of it is applied. Requests are held with the test-only Idempotency-Key step hook,
 * so the test runs the same on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkins } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

/** Held requests wait for this; resolved to let them go on. */
let held: Promise<void> | null = null;
let arrivals = 0;

/** A context whose Idempotency-Key requests stop at their 'claimed' step while `held` is set. */
function holdingContext(env: Record<string, string>) {
  return createTestContext({
    env,
    admission: { concurrency: 1 },
    faultHook: async (step) => {
      if (step !== 'claimed' || !held) return;
      arrivals++;
      await held;
    },
  });
}

/** Holds the next keyed requests until the returned function is called. */
function hold(): () => void {
  let release: () => void = () => undefined;
  held = new Promise<void>((resolve) => (release = resolve));
  arrivals = 0;
  return () => {
    held = null;
    release();
  };
}

const checkIn = (ctx: TestContext, token: string) =>
  ctx.request('POST', '/api/checkin', { token, headers: { 'idempotency-key': randomUUID() } });

describe('admission with a short wait', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await holdingContext({ DATABASE_POOL_TIMEOUT_MS: '300' });
  });
  afterAll(async () => ctx?.close());

  it('a request not admitted within the wait answers 503 with Retry-After, applies nothing, and is served once the line moves', async () => {
    const [first, second] = [await ctx.signIn(), await ctx.signIn()];
    const release = hold();
    const admitted = checkIn(ctx, first);
    await expect.poll(() => arrivals).toBe(1);

    const late = await checkIn(ctx, second);
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('2');
    expect(late.body).toEqual({ error: { code: 'ServiceUnavailable', message: expect.any(String) } });
    expect((await ctx.request('GET', '/api/user/me', { token: second })).status).toBe(503);

    release();
    expect((await admitted).status).toBe(201);
    const me = await ctx.request('GET', '/api/user/me', { token: second });
    expect(me.status).toBe(200);
    expect(me.body.data.points).toBe(0);
    expect(await ctx.db.select().from(checkins).where(eq(checkins.userId, me.body.data.userId))).toEqual([]);
    expect((await checkIn(ctx, second)).status).toBe(201);
  });
});

describe('admission with a bounded line', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await holdingContext({ DATABASE_POOL_TIMEOUT_MS: '30000', MAX_IN_FLIGHT_REQUESTS: '1' });
  });
  afterAll(async () => ctx?.close());

  it('a request waiting in line is served in turn; one more than the line holds answers 503 at once', async () => {
    const [first, second, third] = [await ctx.signIn(), await ctx.signIn(), await ctx.signIn()];
    const release = hold();
    const admitted = checkIn(ctx, first);
    await expect.poll(() => arrivals).toBe(1);
    let waitingAnswered = false;
    const waiting = ctx.request('GET', '/api/user/me', { token: second }).finally(() => (waitingAnswered = true));

    // The line (one request) is full: the next one is refused without waiting for the held request.
    const refused = await checkIn(ctx, third);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(waitingAnswered).toBe(false);
    expect(arrivals).toBe(1);

    release();
    expect((await admitted).status).toBe(201);
    expect((await waiting).status).toBe(200);
    expect((await checkIn(ctx, third)).status).toBe(201);
  });
});
