/**
 * One Idempotency-Key never applies a change twice (ARCHITECTURE §4), whatever step fails: the
 * handler's change and the stored response commit in one transaction, so a failure before the commit leaves
 * nothing applied (and the key free or abandoned), and a failure after it leaves the response to replay.
 * Failures are injected with the app's test-only fault hook at each step, and with a database trigger that makes
 * storing the response fail. Checked on a sweepstake entry (points spent), a check-in and a challenge award.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdempotencyStep } from '../../server/kernel/types';
import { checkins, sweepstakeEntries } from '../../server/db/schema';
import { IDEMPOTENCY_STALE_MS } from '../../server/kernel/idempotency';
import { createContentContext, createMember, walletOf, type Member } from './content-fixtures';
import type { TestContext, TestResponse } from './helpers';

let ctx: TestContext;
/** The step at which the next keyed request fails (once), or null. */
let failAt: IdempotencyStep | null = null;
let n = 0;

beforeAll(async () => {
  ctx = await createContentContext({
    faultHook: (step) => {
      if (step !== failAt) return;
      failAt = null;
      throw new Error(`injected failure at ${step}`);
    },
  });
});
afterAll(async () => ctx?.close());
afterEach(async () => {
  failAt = null;
  ctx.clock.set(new Date());
  await ctx.db.execute(sql`drop trigger if exists fail_idempotency_store on idempotency_records`);
});

type Action = {
  name: string;
  /** Sends the action once with `key`. */
  send: (member: Member, key: string) => Promise<TestResponse>;
  /** How many times it was applied for `member`, and the points it moved. */
  applied: (member: Member) => Promise<number>;
  /** Points the member holds before the action. */
  startPoints: number;
  /** Points change of one application. */
  delta: number;
};

let sweepstakeId = '';
let entryCost = 0;
let pollId = '';
const actions: Action[] = [
  {
    name: 'a sweepstake entry',
    startPoints: 1000,
    get delta() {
      return -entryCost;
    },
    send: (m, key) =>
      ctx.request('POST', `/api/sweepstake/${sweepstakeId}/entry`, {
        token: m.token,
        body: { count: 1 },
        headers: { 'idempotency-key': key },
      }),
    applied: async (m) =>
      (
        await ctx.db
          .select()
          .from(sweepstakeEntries)
          .where(and(eq(sweepstakeEntries.userId, m.userId), eq(sweepstakeEntries.sweepstakeId, sweepstakeId)))
      ).length,
  },
  {
    name: 'a check-in',
    startPoints: 0,
    delta: 10,
    send: (m, key) => ctx.request('POST', '/api/checkin', { token: m.token, body: {}, headers: { 'idempotency-key': key } }),
    applied: async (m) => (await ctx.db.select().from(checkins).where(eq(checkins.userId, m.userId))).length,
  },
  {
    name: 'a challenge award',
    startPoints: 0,
    delta: 20,
    send: (m, key) =>
      ctx.request('POST', `/api/challenge/${pollId}`, {
        token: m.token,
        body: { pool: { responseIndex: 0 } },
        headers: { 'idempotency-key': key },
      }),
    applied: async (m) => ((await walletOf(ctx, m.userId)).lifetimePoints > 0 ? 1 : 0),
  },
];

beforeAll(async () => {
  const list = (await ctx.request('GET', '/api/sweepstake')).body.data as Array<{
    sweepstakeId: string;
    status: string;
    entryCost: number;
    maxEntriesPerUser: number | null;
  }>;
  const live = list.find((s) => s.status === 'live' && (s.maxEntriesPerUser === null || s.maxEntriesPerUser >= 2))!;
  sweepstakeId = live.sweepstakeId;
  entryCost = live.entryCost;
  const member = await createMember(ctx);
  pollId = (await ctx.challenges(member.token)).find((c) => c.title === 'Driver of the day at Monza')!.challengeId;
});

/** Retries `action` with `key` until it is answered, as the client's queue would (a 409 waits for the key). */
async function retryUntilAnswered(action: Action, member: Member, key: string) {
  let res = await action.send(member, key);
  if (res.status === 409) {
    // An in-flight record left by a failure is taken over once abandoned.
    ctx.clock.advance(IDEMPOTENCY_STALE_MS + 1000);
    res = await action.send(member, key);
  }
  return res;
}

async function expectAppliedOnce(action: Action, member: Member) {
  expect(await action.applied(member)).toBe(1);
  expect((await walletOf(ctx, member.userId)).points).toBe(action.startPoints + action.delta);
}

describe('a failure at any step of an Idempotency-Key request never applies the change twice', () => {
  for (const action of actions) {
    for (const step of ['claimed', 'handled', 'stored', 'committed'] as const) {
      it(`${action.name}: a failure at "${step}" then retries with the same key apply it once`, async () => {
        const member = await createMember(ctx, { points: action.startPoints });
        const key = `fault-${step}-${n++}`;
        failAt = step;
        const failed = await action.send(member, key);
        expect(failed.status).toBe(500);
        expect(failed.body.error.code).toBe('Internal');
        // Saved and remembered are one fact: applied only when the failure came after the commit.
        expect(await action.applied(member)).toBe(step === 'committed' ? 1 : 0);

        const retry = await retryUntilAnswered(action, member, key);
        expect(retry.status).toBeLessThan(300);
        expect(retry.headers.get('idempotent-replayed')).toBe(step === 'committed' ? 'true' : null);
        // Later retries, including after the in-flight window, replay the same answer.
        ctx.clock.advance(IDEMPOTENCY_STALE_MS + 1000);
        const again = await action.send(member, key);
        expect(again.text).toBe(retry.text);
        await expectAppliedOnce(action, member);
      });
    }

    it(`${action.name}: when storing the response fails, nothing is applied and the retry applies it once`, async () => {
      const member = await createMember(ctx, { points: action.startPoints });
      const key = `trigger-${n++}`;
      await ctx.db.execute(sql`create or replace function fail_idempotency_store() returns trigger language plpgsql as $$
        begin raise exception 'injected: cannot store the response'; end $$`);
      await ctx.db.execute(sql`create trigger fail_idempotency_store before update on idempotency_records
        for each row when (new.status is not null) execute function fail_idempotency_store()`);
      const failed = await action.send(member, key);
      expect(failed.status).toBe(500);
      await ctx.db.execute(sql`drop trigger fail_idempotency_store on idempotency_records`);

      const retry = await retryUntilAnswered(action, member, key);
      expect(retry.status).toBeLessThan(300);
      ctx.clock.advance(IDEMPOTENCY_STALE_MS + 1000);
      expect((await action.send(member, key)).text).toBe(retry.text);
      await expectAppliedOnce(action, member);
    });
  }
});
