/**
 * Results of pick'em and arcade challenges (`POST /api/admin/challenges/{id}/result`): a result pays
 * the members who picked right once, the same result again changes nothing, a correction reverses and re-applies
 * exactly (never below a zero balance, never lowering lifetime points), concurrent entries do not double-pay, other
 * challenge types and unstarted challenges are refused, every entry is audit-logged, and fans see won / lost.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminChallengeResponseSchema, type ChallengeInput } from '../../src/contracts/admin/challenge';
import { ChallengeResultResponseSchema } from '../../src/contracts/admin/challenge-result';
import { ChallengeHistoryResponseSchema } from '../../src/contracts/challenge';
import { challengeResponses, pointTransactions, users } from '../../server/db/schema';
import { spendPoints } from '../../server/kernel/ledger';
import { createMember, walletOf, type Member } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'results-ops@alpine-racing.example';
const HOUR = 3_600_000;
const BONUS = 30;
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t.close());

const pickem = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
  type: 'poll',
  subtype: 'pickem',
  title: 'Who wins in Abu Dhabi?',
  visibleFrom: new Date(t.clock().getTime() - HOUR).toISOString(),
  expiresOn: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
  points: BONUS,
  options: [
    { text: 'Léa', points: 10 },
    { text: 'Marco', points: 10 },
    { text: 'Someone else', points: 10 },
  ],
  ...over,
});

async function createChallenge(input: ChallengeInput) {
  const res = await t.request('POST', '/api/admin/challenges', { token: ops, body: input });
  expect(res.status).toBe(201);
  return AdminChallengeResponseSchema.parse(res.body).data.id;
}
const answer = async (member: Member, id: string, responseIndex: number) =>
  expect((await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex } } })).status).toBe(200);
const enterResult = (id: string, correctIndex: number, token = ops) =>
  t.request('POST', `/api/admin/challenges/${id}/result`, { token, body: { correctIndex } });
async function result(id: string, correctIndex: number) {
  const res = await enterResult(id, correctIndex);
  expect(res.status).toBe(200);
  return ChallengeResultResponseSchema.parse(res.body).data;
}
/** The member's result rows of the challenge, oldest version first. */
const resultRows = async (member: Member, id: string) =>
  (
    await t.db
      .select({
        amount: pointTransactions.amount,
        reason: pointTransactions.reason,
        reference: pointTransactions.reference,
        balanceAfter: pointTransactions.balanceAfter,
      })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, member.userId), like(pointTransactions.reference, `challenge-result:${id}:%`)))
  ).sort((a, b) => a.reference.localeCompare(b.reference));
/** The ledger invariant: a member's rows sum to their balance, and the newest row's balance_after is that balance. */
async function expectLedgerSums(member: Member) {
  const [{ total }] = await t.db
    .select({ total: sql<number>`coalesce(sum(${pointTransactions.amount}), 0)::int` })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, member.userId));
  const [{ points }] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, member.userId));
  expect(total).toBe(points);
  expect(points).toBeGreaterThanOrEqual(0);
}
const outcomeOf = async (member: Member, id: string) => {
  const res = await t.request('GET', '/api/challenge/pickem/history', { token: member.token });
  expect(res.status).toBe(200);
  return ChallengeHistoryResponseSchema.parse(res.body).data.find((i) => i.challenge.challengeId === id)?.outcome;
};

describe("entering a pick'em result", () => {
  it('an answer to options worth nothing is recorded without a ledger row, is refused a second time, and is paid by the result', async () => {
    const free = [
      { text: 'Léa', points: 0 },
      { text: 'Marco', points: 0 },
    ];
    const id = await createChallenge(pickem({ options: free }));
    const member = await createMember(t);
    await answer(member, id, 1);
    expect(await walletOf(t, member.userId)).toEqual({ points: 0, lifetimePoints: 0, transactions: 0 });
    const again = await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex: 0 } } });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('ChallengeSubmission');
    expect(await result(id, 1)).toMatchObject({ credited: { members: 1, points: BONUS }, winners: 1 });
    expect(await walletOf(t, member.userId)).toEqual({ points: BONUS, lifetimePoints: BONUS, transactions: 1 });
  });

  it('credits every member who picked right once, with a ledger row of its own, and fans see won / lost', async () => {
    const id = await createChallenge(pickem());
    const [a, b, c] = await Promise.all([createMember(t), createMember(t), createMember(t)]);
    await answer(a, id, 0);
    await answer(b, id, 0);
    await answer(c, id, 1);

    const entry = await result(id, 0);
    expect(entry).toMatchObject({
      correctIndex: 0,
      resultVersion: 1,
      changed: true,
      credited: { members: 2, points: 2 * BONUS },
      reversed: { members: 0, points: 0 },
      winners: 2,
    });
    expect(await resultRows(a, id)).toEqual([
      { amount: BONUS, reason: 'challenge_result', reference: `challenge-result:${id}:1`, balanceAfter: 10 + BONUS },
    ]);
    expect(await resultRows(c, id)).toEqual([]);
    expect(await walletOf(t, a.userId)).toEqual({ points: 10 + BONUS, lifetimePoints: 10 + BONUS, transactions: 2 });
    expect(await walletOf(t, c.userId)).toEqual({ points: 10, lifetimePoints: 10, transactions: 1 });
    for (const m of [a, b, c]) await expectLedgerSums(m);

    expect(await outcomeOf(a, id)).toEqual({ status: 'won', pointsAwarded: 10 + BONUS, correctIndex: 0 });
    expect(await outcomeOf(c, id)).toEqual({ status: 'lost', pointsAwarded: 10, correctIndex: 0 });
    const history = await t.request('GET', '/api/user/me/transactions', { token: a.token });
    expect(history.body.data.filter((r: { reason: string }) => r.reason === 'challenge_result')).toEqual([
      expect.objectContaining({ amount: BONUS, label: 'Who wins in Abu Dhabi?', reference: `challenge-result:${id}:1` }),
    ]);
    const [row] = await t.db.select().from(challengeResponses).where(eq(challengeResponses.userId, c.userId));
    expect(row).toMatchObject({ correct: false, pointsAwarded: 10, bonusPoints: 0 });
  });

  it('a pick made after the result was entered is refused as locked, and a correction still moves the earlier picks', async () => {
    const id = await createChallenge(pickem());
    const early = await createMember(t);
    await answer(early, id, 0);
    await result(id, 0);
    const late = await createMember(t);
    const refused = await t.request('POST', `/api/challenge/${id}`, { token: late.token, body: { pool: { responseIndex: 0 } } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'ChallengeSubmission', details: { reason: 'PickLocked' } });
    expect(await walletOf(t, late.userId)).toMatchObject({ points: 0, transactions: 0 });
    const seen = await t.request('GET', `/api/challenge/${id}`, { token: late.token });
    expect(seen.body.data.outcome).toEqual({ status: 'missed', pointsAwarded: 0, correctIndex: 0 });

    expect(await result(id, 2)).toMatchObject({ reversed: { members: 1, points: BONUS }, credited: { members: 0, points: 0 } });
    expect(await walletOf(t, early.userId)).toMatchObject({ points: 10, lifetimePoints: 10 + BONUS });
    await expectLedgerSums(early);
  });

  it('the same result again changes nothing: no version bump, no ledger rows', async () => {
    const id = await createChallenge(pickem());
    const a = await createMember(t);
    await answer(a, id, 2);
    const first = await result(id, 2);
    const again = await result(id, 2);
    expect(again).toMatchObject({
      changed: false,
      resultVersion: 1,
      resultEnteredAt: first.resultEnteredAt,
      credited: { members: 0, points: 0 },
      winners: 1,
    });
    expect(await resultRows(a, id)).toHaveLength(1);
    expect(await walletOf(t, a.userId)).toMatchObject({ points: 10 + BONUS, transactions: 2 });
  });

  it('a corrected result reverses the earlier credits and applies the new ones exactly, without lowering lifetime points', async () => {
    const id = await createChallenge(pickem());
    const [a, c] = await Promise.all([createMember(t), createMember(t)]);
    await answer(a, id, 0);
    await answer(c, id, 1);
    await result(id, 0);

    const corrected = await result(id, 1);
    expect(corrected).toMatchObject({
      resultVersion: 2,
      changed: true,
      credited: { members: 1, points: BONUS },
      reversed: { members: 1, points: BONUS },
    });
    expect((await resultRows(a, id)).map((r) => r.amount)).toEqual([BONUS, -BONUS]);
    expect(await resultRows(c, id)).toEqual([
      { amount: BONUS, reason: 'challenge_result', reference: `challenge-result:${id}:2`, balanceAfter: 10 + BONUS },
    ]);
    expect(await walletOf(t, a.userId)).toMatchObject({ points: 10, lifetimePoints: 10 + BONUS });
    expect(await walletOf(t, c.userId)).toMatchObject({ points: 10 + BONUS, lifetimePoints: 10 + BONUS });
    expect(await outcomeOf(a, id)).toEqual({ status: 'lost', pointsAwarded: 10, correctIndex: 1 });
    expect(await outcomeOf(c, id)).toEqual({ status: 'won', pointsAwarded: 10 + BONUS, correctIndex: 1 });

    // Back to the first result: the balances return, and nobody's rank moves twice for the same challenge.
    await result(id, 0);
    expect(await walletOf(t, a.userId)).toMatchObject({ points: 10 + BONUS, lifetimePoints: 10 + BONUS });
    expect(await walletOf(t, c.userId)).toMatchObject({ points: 10, lifetimePoints: 10 + BONUS });
    expect((await resultRows(a, id)).map((r) => r.amount)).toEqual([BONUS, -BONUS, BONUS]);
    for (const m of [a, c]) await expectLedgerSums(m);
  });

  it('a reversal never takes a balance below 0: what was spent stays spent, and a correction back pays only the difference', async () => {
    const id = await createChallenge(pickem());
    const spender = await createMember(t);
    await answer(spender, id, 0);
    await result(id, 0);
    await t.db.transaction((tx) =>
      spendPoints(tx, { userId: spender.userId, amount: 35, reason: 'sweepstake_entry', reference: `test-spend:${id}` }),
    );
    expect((await walletOf(t, spender.userId)).points).toBe(5);

    const corrected = await result(id, 1);
    expect(corrected.reversed).toEqual({ members: 1, points: 5 });
    expect((await resultRows(spender, id)).at(-1)).toMatchObject({ amount: -5, balanceAfter: 0 });
    expect(await walletOf(t, spender.userId)).toMatchObject({ points: 0, lifetimePoints: 10 + BONUS });
    await expectLedgerSums(spender);

    const back = await result(id, 0);
    expect(back.credited).toEqual({ members: 1, points: 5 });
    expect(await walletOf(t, spender.userId)).toMatchObject({ points: 5, lifetimePoints: 10 + BONUS });
    await expectLedgerSums(spender);
  });

  it('a suspended member is not credited; a reversal still applies to them', async () => {
    const id = await createChallenge(pickem());
    const [active, suspended] = await Promise.all([createMember(t), createMember(t)]);
    await answer(active, id, 0);
    await answer(suspended, id, 0);
    await t.db.update(users).set({ suspendedAt: t.clock(), suspendedUntil: null }).where(eq(users.id, suspended.userId));
    expect((await result(id, 0)).credited).toEqual({ members: 1, points: BONUS });
    expect(await resultRows(suspended, id)).toEqual([]);
    // A suspension that ended is no suspension: the next entry that moves them credits them.
    await t.db.update(users).set({ suspendedUntil: t.clock() }).where(eq(users.id, suspended.userId));
    await result(id, 1);
    expect((await result(id, 0)).credited).toEqual({ members: 2, points: 2 * BONUS });
    expect((await walletOf(t, suspended.userId)).points).toBe(10 + BONUS);
  });

  it('concurrent entries do not double-pay', async () => {
    const id = await createChallenge(pickem());
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(t)));
    for (const m of members) await answer(m, id, 0);

    const same = await Promise.all(Array.from({ length: 6 }, () => enterResult(id, 0)));
    expect(same.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(same.filter((r) => r.body.data.changed)).toHaveLength(1);
    for (const m of members) {
      expect(await resultRows(m, id)).toHaveLength(1);
      expect((await walletOf(t, m.userId)).points).toBe(10 + BONUS);
    }

    // Racing different results: whichever commits last is the result, and each member holds exactly its bonus.
    const racing = await Promise.all([1, 0, 1, 0, 1].map((i) => enterResult(id, i)));
    expect(racing.map((r) => r.status)).toEqual(Array(5).fill(200));
    const last = Math.max(...racing.map((r) => r.body.data.resultVersion as number));
    const final = racing.find((r) => r.body.data.resultVersion === last)!.body.data.correctIndex as number;
    for (const m of members) {
      expect((await walletOf(t, m.userId)).points).toBe(final === 0 ? 10 + BONUS : 10);
      await expectLedgerSums(m);
    }
  });

  it('writes an audit-log entry with the result before and after and the points moved', async () => {
    const id = await createChallenge(pickem());
    const a = await createMember(t);
    await answer(a, id, 1);
    await result(id, 1);
    const log = await t.request('GET', '/api/admin/audit-log?entity=challenges', { token: ops });
    const entry = log.body.data.find((e: { entityId: string; action: string }) => e.entityId === id && e.action === 'result');
    expect(entry).toMatchObject({
      actorEmail: OPERATOR,
      before: { correctIndex: null, resultVersion: 0 },
      after: { correctIndex: 1, resultVersion: 1, credited: { members: 1, points: BONUS }, reversed: { members: 0, points: 0 } },
    });
  });
});

describe('picks lock at kick-off', () => {
  it("a pick'em takes picks until its kick-off, then refuses them with 422 PickLocked and shows the lock", async () => {
    const kickOff = new Date(t.clock().getTime() + HOUR).toISOString();
    const id = await createChallenge(pickem({ locksAt: kickOff }));
    const [before, after] = await Promise.all([createMember(t), createMember(t)]);
    const open = await t.request('GET', `/api/challenge/${id}`, { token: after.token });
    expect(open.body.data).toMatchObject({ locksAt: kickOff, outcome: null, maxPoints: 10 + BONUS });
    await answer(before, id, 1);

    t.clock.advance(HOUR);
    const late = await t.request('POST', `/api/challenge/${id}`, { token: after.token, body: { pool: { responseIndex: 1 } } });
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({ code: 'ChallengeSubmission', details: { reason: 'PickLocked' } });
    expect(await walletOf(t, after.userId)).toMatchObject({ points: 0, transactions: 0 });
    const locked = await t.request('GET', `/api/challenge/${id}`, { token: after.token });
    expect(locked.body.data).toMatchObject({
      locksAt: kickOff,
      completed: false,
      outcome: { status: 'missed', pointsAwarded: 0, correctIndex: null },
    });
    expect(await outcomeOf(before, id)).toEqual({ status: 'pending', pointsAwarded: 10, correctIndex: null });

    // The result is entered after kick-off as usual and pays the picks made in time.
    expect(await result(id, 1)).toMatchObject({ credited: { members: 1, points: BONUS }, winners: 1 });
    t.clock.advance(-HOUR);
  });

  it("without a kick-off a pick'em locks at its end, and at once when its result is entered early", async () => {
    const input = pickem();
    const id = await createChallenge(input);
    const member = await createMember(t);
    const open = await t.request('GET', `/api/challenge/${id}`, { token: member.token });
    expect(open.body.data.locksAt).toBe(input.expiresOn);
    await result(id, 0);
    const locked = await t.request('GET', `/api/challenge/${id}`, { token: member.token });
    expect(Date.parse(locked.body.data.locksAt)).toBeLessThanOrEqual(t.clock().getTime());
    const refused = await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex: 0 } } });
    expect(refused.body.error).toMatchObject({ code: 'ChallengeSubmission', details: { reason: 'PickLocked' } });
  });

  it("the console saves a pick'em's bonus and kick-off, and refuses a kick-off after the end or on another kind", async () => {
    const kickOff = new Date(t.clock().getTime() + 2 * HOUR).toISOString();
    const id = await createChallenge(pickem({ points: 50, locksAt: kickOff }));
    const stored = await t.request('GET', `/api/admin/challenges/${id}`, { token: ops });
    expect(AdminChallengeResponseSchema.parse(stored.body).data).toMatchObject({ points: 50, locksAt: kickOff });

    const afterEnd = await t.request('POST', '/api/admin/challenges', {
      token: ops,
      body: pickem({ locksAt: new Date(t.clock().getTime() + 48 * HOUR).toISOString() }),
    });
    expect(afterEnd.status).toBe(422);
    expect(JSON.stringify(afterEnd.body.error.details)).toContain('locksAt');
    const onPoll = await t.request('POST', '/api/admin/challenges', { token: ops, body: pickem({ subtype: 'poll', locksAt: kickOff }) });
    expect(onPoll.status).toBe(422);
    expect(JSON.stringify(onPoll.body.error.details)).toContain('locksAt');
  });
});

describe('arcade results', () => {
  it('counts the bonus paid at answer time, so entering the known result pays nobody twice', async () => {
    const id = await createChallenge(
      pickem({
        subtype: 'arcade',
        correctIndex: 1,
        points: 5,
        options: [
          { text: 'Red', points: 2 },
          { text: 'Blue', points: 2 },
        ],
      }),
    );
    const [right, wrong] = await Promise.all([createMember(t), createMember(t)]);
    await answer(right, id, 1);
    await answer(wrong, id, 0);
    expect((await walletOf(t, right.userId)).points).toBe(7);

    expect(await result(id, 1)).toMatchObject({ changed: true, resultVersion: 1, credited: { members: 0, points: 0 }, winners: 1 });
    expect((await walletOf(t, right.userId)).points).toBe(7);
    expect(await result(id, 0)).toMatchObject({ credited: { members: 1, points: 5 }, reversed: { members: 1, points: 5 } });
    expect(await walletOf(t, right.userId)).toMatchObject({ points: 2, lifetimePoints: 7 });
    expect(await walletOf(t, wrong.userId)).toMatchObject({ points: 7, lifetimePoints: 7 });
  });
});

describe('refusals', () => {
  it('a poll, keyword or trivia challenge has no result: 422 ResultNotApplicable', async () => {
    const poll = await createChallenge(pickem({ subtype: 'poll', points: 0 }));
    const keyword = await createChallenge(pickem({ type: 'input', subtype: 'keyword', options: [], keywords: ['podium'] }));
    const trivia = await createChallenge(
      pickem({
        type: 'trivia',
        subtype: 'trivia',
        options: [],
        questions: [{ text: 'Where is the team based?', options: ['Enstone', 'Maranello'], correctIndex: 0, points: 5 }],
      }),
    );
    for (const id of [poll, keyword, trivia]) {
      const res = await enterResult(id, 0);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('ResultNotApplicable');
    }
  });

  it('a challenge not yet started, a draft or an index beyond the options is refused, and nothing changes', async () => {
    const scheduled = await createChallenge(pickem({ visibleFrom: new Date(t.clock().getTime() + HOUR).toISOString() }));
    const notStarted = await enterResult(scheduled, 0);
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.error).toMatchObject({ code: 'NotLive', details: { status: 'scheduled' } });
    const draft = await createChallenge(pickem({ draft: true }));
    expect((await enterResult(draft, 0)).body.error.code).toBe('NotLive');

    const live = await createChallenge(pickem());
    const beyond = await enterResult(live, 3);
    expect(beyond.status).toBe(422);
    expect(beyond.body.error.code).toBe('ValidationFailed');
    expect((await enterResult(live, -1)).status).toBe(422);
    const stored = await t.request('GET', `/api/admin/challenges/${live}`, { token: ops });
    expect(stored.body.data.correctIndex).toBeNull();
  });

  it('once a result is entered, a patch cannot change it (only a result entry can), other edits still save', async () => {
    const id = await createChallenge(pickem());
    await result(id, 2);
    const patched = await t.request('PATCH', `/api/admin/challenges/${id}`, { token: ops, body: { correctIndex: 0 } });
    expect(patched.status).toBe(422);
    expect(patched.body.error.details).toEqual([expect.objectContaining({ path: 'correctIndex' })]);
    const renamed = await t.request('PATCH', `/api/admin/challenges/${id}`, {
      token: ops,
      body: { title: 'Who wins in Abu Dhabi? (final)' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ correctIndex: 2, resultEnteredAt: expect.any(String) });
  });

  it("an ended pick'em takes its result; unknown ids are 404 and members are 403", async () => {
    const ended = await createChallenge(pickem());
    t.clock.advance(25 * HOUR);
    expect((await enterResult(ended, 0)).status).toBe(200);
    t.clock.advance(-25 * HOUR);
    expect((await enterResult('00000000-0000-4000-8000-000000000000', 0)).status).toBe(404);
    const member = await createMember(t);
    expect((await enterResult(ended, 1, member.token)).status).toBe(403);
  });
});
