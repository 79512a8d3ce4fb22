/**
 * Keyed check-ins sent together commit together: the check-ins whose Idempotency-Key claims land in
 * one turn share one transaction and one statement each for the streak read and the write, and the group commits
 * all or nothing. Each fan is still credited once with an exact ledger, a failing request takes nothing of its
 * group with it (they answer 503 with Retry-After and their retries apply once), and two check-ins of one member in
 * one group keep the balance and the ledger in step. Keyed poll answers (a half-time poll) commit the same way, with
 * one statement for the answers and awards of a group.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contracts/challenge';
import { challengeResponses, checkins } from '../../server/db/schema';
import { createContentContext, createMember, ledgerRows, walletOf, type Member } from './content-fixtures';
import type { TestContext } from './helpers';

let ctx: TestContext;
/** When true, the next keyed request to finish its handler fails there (once). */
let failNextHandled = false;
let n = 0;

beforeAll(async () => {
  ctx = await createContentContext({
    faultHook: (step) => {
      if (step !== 'handled' || !failNextHandled) return;
      failNextHandled = false;
      throw new Error('injected failure after the handler');
    },
  });
});
afterAll(async () => ctx?.close());

const checkIn = (member: Member, key: string, body: object = {}) =>
  ctx.request('POST', '/api/checkin', { token: member.token, body, headers: { 'idempotency-key': key } });

/** The transactions that wrote the check-ins of `members` (PostgreSQL's `xmin` of each row). */
async function writingTransactions(members: Member[]) {
  const rows = await ctx.db
    .select({ tx: sql<string>`${checkins}.xmin::text` })
    .from(checkins)
    .where(
      inArray(
        checkins.userId,
        members.map((m) => m.userId),
      ),
    );
  return new Set(rows.map((row) => row.tx));
}

describe('group commit of keyed check-ins', () => {
  it('a burst of check-ins from distinct members commits in one transaction, each fan credited once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(ctx)));
    const keys = members.map(() => `burst-${n++}`);
    const answers = await Promise.all(members.map((member, i) => checkIn(member, keys[i])));
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 201));
    expect(await writingTransactions(members)).toHaveProperty('size', 1);
    for (const member of members) {
      expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 10, lifetimePoints: 10, transactions: 1 });
    }
    // Each replay answers what its own request was answered.
    const replays = await Promise.all(members.map((member, i) => checkIn(member, keys[i])));
    replays.forEach((replay, i) => {
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(answers[i].text);
    });
  });

  it('a request failing in a group rolls the group back: it answers 500, the others 503 with Retry-After, and retries apply each once', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx)));
    const keys = members.map(() => `group-fault-${n++}`);
    failNextHandled = true;
    const answers = await Promise.all(members.map((member, i) => checkIn(member, keys[i])));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([500, 503, 503, 503, 503, 503]);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.error.code).toBe('ServiceUnavailable');
    }
    expect(await writingTransactions(members)).toHaveProperty('size', 0);

    // Every key was freed: the retries (the offline queue's) are handled afresh and apply once.
    const retries = await Promise.all(members.map((member, i) => checkIn(member, keys[i])));
    expect(retries.map((r) => r.status)).toEqual(members.map(() => 201));
    expect(retries.map((r) => r.headers.get('idempotent-replayed'))).toEqual(members.map(() => null));
    for (const member of members) {
      expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 10, transactions: 1 });
    }
  });

  it("one member's check-ins for yesterday and today in one group are both written, the balance matching the ledger", async () => {
    // 10:00 in Paris, the organization's time zone; 16 h earlier is 18:00 the day before.
    ctx.clock.set('2026-05-10T08:00:00Z');
    const member = await createMember(ctx);
    const yesterday = '2026-05-09T16:00:00Z';
    const [late, now] = await Promise.all([
      checkIn(member, `two-days-${n++}`, { occurredAt: yesterday }),
      checkIn(member, `two-days-${n++}`),
    ]);
    expect([late.status, now.status]).toEqual([201, 201]);
    const awarded = late.body.data.pointsAwarded + now.body.data.pointsAwarded;
    const wallet = await walletOf(ctx, member.userId);
    expect(wallet).toMatchObject({ points: awarded, lifetimePoints: awarded, transactions: 2 });
    // Each ledger row's balance is the balance right after it: the last one is the balance.
    const rows = [
      ...(await ledgerRows(ctx, member.userId, `checkin:${late.body.data.day}`)),
      ...(await ledgerRows(ctx, member.userId, `checkin:${now.body.data.day}`)),
    ];
    expect(rows.map((row) => row.balanceAfter).sort((a, b) => a - b)).toEqual(
      [late.body.data.pointsAwarded, awarded].sort((a, b) => a - b),
    );
  });

  it("one member's two check-ins for the same day in one group: one credits the day, the other changes nothing", async () => {
    const member = await createMember(ctx);
    const answers = await Promise.all([checkIn(member, `same-day-${n++}`), checkIn(member, `same-day-${n++}`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers.map((a) => a.body.data.created).sort()).toEqual([false, true]);
    expect(await walletOf(ctx, member.userId)).toMatchObject({ points: 10, transactions: 1 });
  });
});

/** The open polls (poll subtype, or arcade) a member can answer now, by the list. */
async function openPolls(member: Member): Promise<Challenge[]> {
  const list = (await ctx.request('GET', '/api/challenge', { token: member.token })).body.data as Challenge[];
  const now = ctx.clock().getTime();
  return list.filter((c) => c.type === 'poll' && c.subtype !== 'pickem' && !c.completed && (!c.expiresOn || Date.parse(c.expiresOn) > now));
}

const answer = (member: Member, challengeId: string, responseIndex: number, key: string) =>
  ctx.request('POST', `/api/challenge/${challengeId}`, {
    token: member.token,
    body: { pool: { responseIndex } },
    headers: { 'idempotency-key': key },
  });

describe('group commit of keyed poll answers', () => {
  it('a half-time burst of answers commits in one transaction, each fan credited once with the option they chose', async () => {
    ctx.clock.set(new Date());
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(ctx)));
    const [poll] = await openPolls(members[0]);
    const keys = members.map(() => `poll-burst-${n++}`);
    const answers = await Promise.all(members.map((member, i) => answer(member, poll.challengeId, i % 2, keys[i])));
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 200));
    const rows = await ctx.db
      .select({
        userId: challengeResponses.userId,
        responseIndex: challengeResponses.responseIndex,
        tx: sql<string>`${challengeResponses}.xmin::text`,
      })
      .from(challengeResponses)
      .where(
        inArray(
          challengeResponses.userId,
          members.map((m) => m.userId),
        ),
      );
    expect(new Set(rows.map((row) => row.tx))).toHaveProperty('size', 1);
    for (const [i, member] of members.entries()) {
      const points = poll.challengeType.options[i % 2].points;
      expect(rows.find((row) => row.userId === member.userId)?.responseIndex).toBe(i % 2);
      expect(answers[i].body.data).toMatchObject({ pointsAwarded: points, challenge: { completed: true, pollResponseIndex: i % 2 } });
      expect(await walletOf(ctx, member.userId)).toMatchObject({ points, lifetimePoints: points, transactions: points > 0 ? 1 : 0 });
    }
    const replays = await Promise.all(members.map((member, i) => answer(member, poll.challengeId, i % 2, keys[i])));
    replays.forEach((replay, i) => expect(replay.text).toBe(answers[i].text));
  });

  it("one member's two answers to one poll in one group: one counts, the other is refused, and one award is made", async () => {
    const member = await createMember(ctx);
    const [poll] = await openPolls(member);
    const answers = await Promise.all([
      answer(member, poll.challengeId, 0, `double-tap-${n++}`),
      answer(member, poll.challengeId, 1, `double-tap-${n++}`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const counted = answers.find((a) => a.status === 200)!.body.data;
    expect(answers.find((a) => a.status === 422)!.body.error.code).toBe('ChallengeSubmission');
    expect(await walletOf(ctx, member.userId)).toMatchObject({
      points: counted.pointsAwarded,
      transactions: counted.pointsAwarded > 0 ? 1 : 0,
    });
  });

  it("one member's answers to two polls in one group are both credited, the balance matching the ledger", async () => {
    const member = await createMember(ctx);
    const polls = (await openPolls(member)).filter((c) => c.challengeType.options[0].points > 0).slice(0, 2);
    expect(polls).toHaveLength(2);
    const answers = await Promise.all(polls.map((poll) => answer(member, poll.challengeId, 0, `two-polls-${n++}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const awarded = answers.map((a) => a.body.data.pointsAwarded as number);
    const wallet = await walletOf(ctx, member.userId);
    expect(wallet).toMatchObject({ points: awarded[0] + awarded[1], lifetimePoints: awarded[0] + awarded[1], transactions: 2 });
    const rows = [
      ...(await ledgerRows(ctx, member.userId, `challenge:${polls[0].challengeId}`)),
      ...(await ledgerRows(ctx, member.userId, `challenge:${polls[1].challengeId}`)),
    ];
    // Each row's balance is the balance right after it: one answer's points, then both.
    const balances = rows.map((row) => row.balanceAfter).sort((a, b) => a - b);
    expect(balances[1]).toBe(awarded[0] + awarded[1]);
    expect(awarded).toContain(balances[0]);
  });
});
