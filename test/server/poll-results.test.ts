/**
 * Poll results (`GET /api/challenge/{id}/results`): counts and whole-percent shares per option,
 * everyone's answers counted; a poll's results only for members who answered it (or once it ended), a pick'em's only
 * once its picks lock; results an operator hid are served by no endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminChallengeResponseSchema, type ChallengeInput } from '../../src/contracts/admin/challenge';
import { ChallengeResultsResponseSchema } from '../../src/contracts/challenge';
import { createMember, type Member } from './content-fixtures';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'polls-ops@alpine-racing.example';
const HOUR = 3_600_000;
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t.close());

const poll = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
  type: 'poll',
  subtype: 'poll',
  title: `Driver of the day ${Math.random()}`,
  visibleFrom: new Date(t.clock().getTime() - HOUR).toISOString(),
  expiresOn: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
  options: [
    { text: 'Léa', points: 5 },
    { text: 'Marco', points: 5 },
    { text: 'Someone else', points: 5 },
  ],
  ...over,
});

async function createChallenge(input: ChallengeInput) {
  const res = await t.request('POST', '/api/admin/challenges', { token: ops, body: input });
  expect(res.status).toBe(201);
  return AdminChallengeResponseSchema.parse(res.body).data.id;
}
async function answer(member: Member, id: string, responseIndex: number) {
  const res = await t.request('POST', `/api/challenge/${id}`, { token: member.token, body: { pool: { responseIndex } } });
  expect(res.status).toBe(200);
  return res;
}
const results = (member: Member, id: string) => t.request('GET', `/api/challenge/${id}/results`, { token: member.token });
async function shares(member: Member, id: string) {
  const res = await results(member, id);
  expect(res.status).toBe(200);
  return ChallengeResultsResponseSchema.parse(res.body).data;
}
const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(t)));

describe('poll results', () => {
  it("count every member's answer, with shares that sum to 100", async () => {
    const id = await createChallenge(poll());
    const [a, b, c, d] = await members(4);
    await answer(b, id, 1);
    await answer(c, id, 1);
    await answer(d, id, 0);
    // Not before answering: the crowd must not sway the fan's own answer.
    const before = await results(a, id);
    expect(before.status).toBe(403);
    expect(before.body.error).toMatchObject({ code: 'ResultsUnavailable', details: { reason: 'NotAnswered' } });

    await answer(a, id, 2);
    const data = await shares(a, id);
    expect(data).toMatchObject({ challengeId: id, total: 4 });
    expect(data.options).toEqual([
      { index: 0, count: 1, share: 25 },
      { index: 1, count: 2, share: 50 },
      { index: 2, count: 1, share: 25 },
    ]);
    // A later answer by another member shows on the next read.
    const [e] = await members(1);
    await answer(e, id, 1);
    expect((await shares(a, id)).options.map((o) => o.share)).toEqual([20, 60, 20]);
  });

  it('round shares by largest remainder, so three equal options read 34, 33, 33', async () => {
    const id = await createChallenge(poll());
    const [a, b, c] = await members(3);
    await answer(a, id, 0);
    await answer(b, id, 1);
    await answer(c, id, 2);
    expect((await shares(a, id)).options.map((o) => o.share)).toEqual([34, 33, 33]);
  });

  it('show to a member who did not answer once the poll has ended', async () => {
    const id = await createChallenge(poll({ expiresOn: new Date(t.clock().getTime() + HOUR).toISOString() }));
    const [a, b] = await members(2);
    await answer(b, id, 0);
    expect((await results(a, id)).status).toBe(403);
    t.clock.advance(2 * HOUR);
    try {
      expect((await shares(a, id)).options.map((o) => o.count)).toEqual([1, 0, 0]);
    } finally {
      t.clock.advance(-2 * HOUR);
    }
  });

  it('are for signed-in members only, of challenges they can see', async () => {
    const id = await createChallenge(poll());
    const [a] = await members(1);
    expect((await t.request('GET', `/api/challenge/${id}/results`)).status).toBe(401);
    expect((await results(a, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await results(a, 'not-an-id')).status).toBe(404);
    const later = await createChallenge(poll({ visibleFrom: new Date(t.clock().getTime() + HOUR).toISOString() }));
    expect((await results(a, later)).status).toBe(404);
  });

  it('are not served for quizzes, keyword or arcade challenges', async () => {
    const [a] = await members(1);
    const arcade = await createChallenge(poll({ subtype: 'arcade', correctIndex: 0, points: 10 }));
    await answer(a, arcade, 0);
    const res = await results(a, arcade);
    expect(res.status).toBe(403);
    expect(res.body.error.details).toEqual({ reason: 'NoResults' });
  });
});

describe('hidden results', () => {
  it('an operator hides them: the member who could see them no longer gets them from any endpoint', async () => {
    const id = await createChallenge(poll());
    const [a, b] = await members(2);
    await answer(b, id, 1);
    const submitted = await answer(a, id, 0);
    expect(submitted.text).not.toMatch(/"share"|"count"|"total"/);
    expect((await shares(a, id)).total).toBe(2);

    const hide = await t.request('PATCH', `/api/admin/challenges/${id}`, { token: ops, body: { resultsHidden: true } });
    expect(hide.status).toBe(200);
    expect(AdminChallengeResponseSchema.parse(hide.body).data).toMatchObject({ resultsHidden: true });

    const res = await results(a, id);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'ResultsUnavailable', details: { reason: 'Hidden' } });
    expect(res.text).not.toMatch(/"share"|"count"/);
    // The challenge itself says so, and no read of it carries the counts.
    for (const path of ['/api/challenge', `/api/challenge/${id}`, '/api/challenge/poll/history']) {
      const read = await t.request('GET', path, { token: a.token });
      expect(read.status).toBe(200);
      expect(read.text).not.toMatch(/"share"|"count"|"total"/);
    }
    const detail = await t.request('GET', `/api/challenge/${id}`, { token: a.token });
    expect(detail.body.data.resultsHidden).toBe(true);
    // Hidden stays hidden after the end too.
    t.clock.advance(48 * HOUR);
    try {
      expect((await results(a, id)).status).toBe(403);
    } finally {
      t.clock.advance(-48 * HOUR);
    }
  });

  it("only a poll or a pick'em takes the setting", async () => {
    const res = await t.request('POST', '/api/admin/challenges', {
      token: ops,
      body: { ...poll({ subtype: 'arcade', correctIndex: 0 }), resultsHidden: true },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error.details)).toContain('resultsHidden');
  });
});

describe("pick'em results", () => {
  it('are withheld until kick-off, then show to every member, picked or not', async () => {
    const kickOff = t.clock().getTime() + 2 * HOUR;
    const id = await createChallenge(poll({ subtype: 'pickem', points: 20, locksAt: new Date(kickOff).toISOString() }));
    const [a, b, c] = await members(3);
    await answer(a, id, 0);
    await answer(b, id, 0);
    const early = await results(a, id);
    expect(early.status).toBe(403);
    expect(early.body.error.details).toEqual({ reason: 'NotLocked' });

    t.clock.advance(3 * HOUR);
    try {
      expect((await shares(a, id)).options.map((o) => o.share)).toEqual([100, 0, 0]);
      expect((await shares(c, id)).total).toBe(2);
    } finally {
      t.clock.advance(-3 * HOUR);
    }
  });

  it('show as soon as a result is entered, which locks the picks', async () => {
    const id = await createChallenge(poll({ subtype: 'pickem', points: 20 }));
    const [a] = await members(1);
    await answer(a, id, 1);
    expect((await results(a, id)).status).toBe(403);
    expect((await t.request('POST', `/api/admin/challenges/${id}/result`, { token: ops, body: { correctIndex: 1 } })).status).toBe(200);
    expect((await shares(a, id)).options.map((o) => o.count)).toEqual([0, 1, 0]);
  });
});
