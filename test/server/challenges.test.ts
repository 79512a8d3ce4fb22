import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChallengeHistoryResponseSchema,
  ChallengeListResponseSchema,
  ChallengeResponseSchema,
  ChallengeSubmissionResponseSchema,
  type Challenge,
} from '../../src/contracts/challenge';
import { challenges as challengesTable } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date()));

const DAY = 24 * 60 * 60 * 1000;
const byTitle = (list: Challenge[], title: string) => {
  const found = list.find((c) => c.title === title);
  if (!found) throw new Error(`no challenge ${title}`);
  return found;
};
const submit = (token: string, id: string, body: unknown, headers?: Record<string, string>) =>
  t.request('POST', `/api/challenge/${id}`, { token, body, headers });
const me = async (token: string) => (await t.request('GET', '/api/user/me', { token })).body.data;

describe('listing challenges', () => {
  it('a member sees every visible challenge, expired ones included, none not yet visible', async () => {
    const token = await t.signIn();
    const res = await t.request('GET', '/api/challenge', { token });
    expect(res.status).toBe(200);
    const list = ChallengeListResponseSchema.parse(res.body).data;
    expect(list.length).toBeGreaterThanOrEqual(12);
    const now = t.clock().getTime();
    expect(list.every((c) => new Date(c.visibleFrom).getTime() <= now)).toBe(true);
    expect(list.some((c) => c.expiresOn && new Date(c.expiresOn).getTime() < now)).toBe(true);
    expect(new Set(list.map((c) => c.subtype))).toEqual(new Set(['poll', 'pickem', 'arcade', 'trivia', 'keyword']));
    expect(list.find((c) => c.title.startsWith('Top 10 start for Léa'))).toBeUndefined();
  });

  it('never leaks keyword answers or right trivia answers', async () => {
    const token = await t.signIn();
    const res = await t.request('GET', '/api/challenge', { token });
    expect(res.text).not.toContain('Podium Power');
    expect(res.text).not.toContain('acceptedAnswers');
    const list = res.body.data as Challenge[];
    const open = list.filter((c) => !c.expiresOn || new Date(c.expiresOn).getTime() > t.clock().getTime());
    expect(open.every((c) => c.outcome === null)).toBe(true);
    for (const arcade of list.filter((c) => c.subtype === 'arcade')) {
      expect(new Set(arcade.challengeType.options.map((o) => o.points)).size).toBe(1);
    }
  });

  it('a visitor with the organization key sees only public challenges, without answers', async () => {
    const res = await t.request('GET', '/api/challenge');
    expect(res.status).toBe(200);
    const list = ChallengeListResponseSchema.parse(res.body).data;
    expect(list.length).toBeGreaterThan(0);
    const publicRows = await t.db.select().from(challengesTable).where(eq(challengesTable.isPublic, true));
    const publicIds = new Set(publicRows.map((r) => r.id));
    expect(list.every((c) => publicIds.has(c.challengeId) && c.userResponse === null)).toBe(true);
    const memberList = await t.challenges(await t.signIn());
    const privateOne = memberList.find((c) => !publicIds.has(c.challengeId))!;
    expect((await t.request('GET', `/api/challenge/${privateOne.challengeId}`)).status).toBe(404);
  });

  it('serves French texts for Accept-Language fr', async () => {
    const token = await t.signIn();
    const en = await t.challenges(token, 'en');
    const fr = await t.challenges(token, 'fr-FR,fr;q=0.9');
    const dodEn = byTitle(en, 'Driver of the day at Monza');
    const dodFr = fr.find((c) => c.challengeId === dodEn.challengeId)!;
    expect(dodFr.title).toBe('Pilote du jour à Monza');
    const quizFr = fr.find((c) => c.challengeId === byTitle(en, 'Alpine Racing history quiz').challengeId)!;
    expect(quizFr.challengeType.questions[0].text).toContain('Dans quel pays');
    const one = await t.request('GET', `/api/challenge/${dodEn.challengeId}`, { token, headers: { 'accept-language': 'fr' } });
    expect(one.body.data.title).toBe('Pilote du jour à Monza');
    expect(one.headers.get('vary')).toContain('Accept-Language');
  });

  it('shows the next list every change made to challenges since, by this server or any other process', async () => {
    const token = await t.signIn();
    const list = async () => ChallengeListResponseSchema.parse((await t.request('GET', '/api/challenge', { token })).body).data;
    const [first] = await list();
    expect((await list()).map((c) => c.challengeId)).toContain(first.challengeId);
    const [row] = await t.db.select().from(challengesTable).where(eq(challengesTable.id, first.challengeId));
    try {
      // Changes written straight to the database, as another server process or an administrator would.
      await t.db.update(challengesTable).set({ title: 'Renamed elsewhere' }).where(eq(challengesTable.id, first.challengeId));
      expect(byTitle(await list(), 'Renamed elsewhere').challengeId).toBe(first.challengeId);
      await t.db.update(challengesTable).set({ draft: true }).where(eq(challengesTable.id, first.challengeId));
      expect((await list()).map((c) => c.challengeId)).not.toContain(first.challengeId);
      await t.db.update(challengesTable).set({ draft: false, archivedAt: t.clock() }).where(eq(challengesTable.id, first.challengeId));
      expect((await list()).map((c) => c.challengeId)).not.toContain(first.challengeId);
      await t.db.delete(challengesTable).where(eq(challengesTable.id, first.challengeId));
      expect((await list()).map((c) => c.challengeId)).not.toContain(first.challengeId);
      await t.db.insert(challengesTable).values({ ...row, title: 'Back again' });
      expect(byTitle(await list(), 'Back again').challengeId).toBe(first.challengeId);
    } finally {
      await t.db.update(challengesTable).set({ title: row.title }).where(eq(challengesTable.id, first.challengeId));
    }
    expect(byTitle(await list(), row.title).challengeId).toBe(first.challengeId);
  });

  it('GET /challenge/:id answers one challenge; unknown, malformed and hidden ids are 404 Challenge not found', async () => {
    const token = await t.signIn();
    const [first] = await t.challenges(token);
    const ok = await t.request('GET', `/api/challenge/${first.challengeId}`, { token });
    expect(ChallengeResponseSchema.parse(ok.body).data.challengeId).toBe(first.challengeId);
    const [hidden] = await t.db.select().from(challengesTable).where(eq(challengesTable.title, 'Top 10 start for Léa in Singapore?'));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', hidden.id]) {
      const res = await t.request('GET', `/api/challenge/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NotFound', message: 'Challenge not found' });
    }
  });
});

describe('the list at kick-off', () => {
  it('says of each challenge exactly what its own answer says, in both languages, with answers of every kind', async () => {
    const token = await t.signIn();
    const list = await t.challenges(token);
    const poll = byTitle(list, 'Driver of the day at Monza');
    const keyword = byTitle(list, 'Fan-zone treasure hunt');
    const quiz = byTitle(list, 'Alpine Racing history quiz');
    const answers = [
      await submit(token, poll.challengeId, { pool: { responseIndex: 1 } }),
      await submit(token, keyword.challengeId, { Input: { response: 'podium power' } }),
      await submit(token, quiz.challengeId, { trivia: { questionId: quiz.challengeType.questions[0].id, responseIndex: 1 } }),
    ];
    for (const language of ['en', 'fr']) {
      const after = await t.challenges(token, language);
      expect(after.map((c) => c.challengeId)).toEqual(list.map((c) => c.challengeId));
      for (const challenge of after) {
        const one = await t.request('GET', `/api/challenge/${challenge.challengeId}`, { token, headers: { 'accept-language': language } });
        expect(challenge).toEqual(one.body.data);
      }
    }
    // What an answer's own response says of the challenge is what the list says next.
    const english = await t.challenges(token, 'en');
    for (const answer of answers) {
      const { challenge } = ChallengeSubmissionResponseSchema.parse(answer.body).data;
      expect(challenge).toEqual(english.find((c) => c.challengeId === challenge.challengeId));
    }
    expect(byTitle(english, poll.title)).toMatchObject({ completed: true, pollResponseIndex: 1 });
    expect(byTitle(english, keyword.title).outcome).toMatchObject({ status: 'won' });
    expect(byTitle(english, quiz.title).challengeType.questions[0].triviaUserResponse).toMatchObject({ answer: 1, correct: true });
  });

  it('members asking at the same moment each see their own answers only', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    const poll = byTitle(await t.challenges(members[0]), 'Driver of the day at Monza');
    // Every other member answers, each with their own option.
    for (const [i, token] of members.entries()) {
      if (i % 2 === 0) expect((await submit(token, poll.challengeId, { pool: { responseIndex: (i / 2) % 2 } })).status).toBe(200);
    }
    const lists = await Promise.all(members.map((token) => t.challenges(token)));
    lists.forEach((list, i) => {
      const seen = byTitle(list, poll.title);
      expect(seen.pollResponseIndex).toBe(i % 2 === 0 ? (i / 2) % 2 : null);
      expect(seen.completed).toBe(i % 2 === 0);
    });
  });
});

describe("poll, pick'em and arcade answers", () => {
  it("a poll answer awards the chosen option's points once and completes the challenge", async () => {
    const token = await t.signIn();
    const poll = byTitle(await t.challenges(token), 'Driver of the day at Monza');
    expect(poll.completed).toBe(false);
    const res = await submit(token, poll.challengeId, { pool: { responseIndex: 1 } });
    expect(res.status).toBe(200);
    const result = ChallengeSubmissionResponseSchema.parse(res.body).data;
    expect(result.pointsAwarded).toBe(20);
    expect(result.correct).toBeNull();
    expect(result.challenge).toMatchObject({ completed: true, pollResponseIndex: 1, outcome: { status: 'answered', pointsAwarded: 20 } });
    expect(result.challenge.userResponse).toMatchObject({ responseIndex: 1, pointsAwarded: 20 });
    expect(await me(token)).toMatchObject({ points: 20, lifetimePoints: 20 });
  });

  it('a second poll answer is 422 ChallengeSubmission and awards nothing', async () => {
    const token = await t.signIn();
    const poll = byTitle(await t.challenges(token), 'Pick our Las Vegas livery');
    expect((await submit(token, poll.challengeId, { pool: { responseIndex: 0 } })).status).toBe(200);
    const again = await submit(token, poll.challengeId, { pool: { responseIndex: 2 } });
    expect(again.status).toBe(422);
    expect(again.body.error.code).toBe('ChallengeSubmission');
    expect((await me(token)).points).toBe(15);
  });

  it("a pick'em records the pick as pending until resolved", async () => {
    const token = await t.signIn();
    const pickem = byTitle(await t.challenges(token), 'Who scores points in Monza?');
    const res = await submit(token, pickem.challengeId, { pool: { responseIndex: 0 } });
    expect(res.body.data.challenge).toMatchObject({
      pollResponseIndex: 0,
      completed: true,
      outcome: { status: 'pending', correctIndex: null },
    });
  });

  it("an arcade guess says whether it was right: every guess earns the option's points, a right one the bonus too", async () => {
    const right = await t.signIn();
    const wrong = await t.signIn();
    const arcade = byTitle(await t.challenges(right), 'Guess the pit stop time');
    const r = await submit(right, arcade.challengeId, { pool: { responseIndex: 1 } });
    expect(r.body.data).toMatchObject({ correct: true, pointsAwarded: 50 });
    expect(arcade.maxPoints).toBe(50);
    expect(r.body.data.challenge.outcome).toMatchObject({ status: 'won', correctIndex: 1 });
    const w = await submit(wrong, arcade.challengeId, { pool: { responseIndex: 3 } });
    expect(w.body.data).toMatchObject({ correct: false, pointsAwarded: 10 });
    expect(w.body.data.challenge.outcome).toMatchObject({ status: 'lost', correctIndex: 1 });
  });

  it('an option that does not exist is 422 and nothing is stored', async () => {
    const token = await t.signIn();
    const poll = byTitle(await t.challenges(token), 'Driver of the day at Monza');
    expect((await submit(token, poll.challengeId, { pool: { responseIndex: 9 } })).status).toBe(422);
    expect((await submit(token, poll.challengeId, { pool: { responseIndex: 0 } })).status).toBe(200);
  });

  it('answering an expired challenge is 422 ChallengeSubmission', async () => {
    const token = await t.signIn();
    const expired = byTitle(await t.challenges(token), 'Best overtake of the summer');
    const res = await submit(token, expired.challengeId, { pool: { responseIndex: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ChallengeSubmission');
    expect((await me(token)).points).toBe(0);
  });

  it('answering a challenge that is not visible yet is 422 ChallengeSubmission; it opens on time', async () => {
    const token = await t.signIn();
    const [soon] = await t.db.select().from(challengesTable).where(eq(challengesTable.title, 'Top 10 start for Léa in Singapore?'));
    const res = await submit(token, soon.id, { pool: { responseIndex: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ChallengeSubmission');
    t.clock.set(new Date(soon.visibleFrom.getTime() + 1000));
    expect((await submit(token, soon.id, { pool: { responseIndex: 0 } })).status).toBe(200);
  });

  it('a challenge closes at its expiry time', async () => {
    const token = await t.signIn();
    const pickem = byTitle(await t.challenges(token), 'Who scores points in Monza?');
    t.clock.set(pickem.expiresOn!);
    expect((await submit(token, pickem.challengeId, { pool: { responseIndex: 0 } })).status).toBe(422);
  });

  it('an answer of the wrong kind for the challenge is 422', async () => {
    const token = await t.signIn();
    const list = await t.challenges(token);
    const poll = byTitle(list, 'Driver of the day at Monza');
    const keyword = byTitle(list, 'Fan-zone treasure hunt');
    expect((await submit(token, poll.challengeId, { Input: { response: 'x' } })).status).toBe(422);
    expect((await submit(token, keyword.challengeId, { pool: { responseIndex: 0 } })).status).toBe(422);
  });

  it('submitting to an unknown challenge is 404 Challenge not found', async () => {
    const token = await t.signIn();
    const res = await submit(token, '00000000-0000-4000-8000-000000000000', { pool: { responseIndex: 0 } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Challenge not found');
  });

  it('visitors cannot answer (401)', async () => {
    const token = await t.signIn();
    const poll = byTitle(await t.challenges(token), 'Driver of the day at Monza');
    expect((await submit(t.organization.publicKey, poll.challengeId, { pool: { responseIndex: 0 } })).status).toBe(401);
  });

  it('a malformed submission body is 422 with details', async () => {
    const token = await t.signIn();
    const poll = byTitle(await t.challenges(token), 'Driver of the day at Monza');
    for (const body of [
      {},
      { pool: { responseIndex: -1 } },
      { pool: { responseIndex: 'one' } },
      { pool: { responseIndex: 0 }, Input: { response: 'x' } },
    ]) {
      const res = await submit(token, poll.challengeId, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
    }
  });
});

describe('keyword answers', () => {
  it('a wrong word answers 200 correct:false, stores nothing, and the fan can try again', async () => {
    const token = await t.signIn();
    const keyword = byTitle(await t.challenges(token), 'Fan-zone treasure hunt');
    const wrong = await submit(token, keyword.challengeId, { Input: { response: 'pit stop' } });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toMatchObject({ correct: false, pointsAwarded: 0, challenge: { completed: false, userResponse: null } });
    const right = await submit(token, keyword.challengeId, { Input: { response: '  podium   POWER ' } });
    expect(right.body.data).toMatchObject({ correct: true, pointsAwarded: 40, challenge: { completed: true, outcome: { status: 'won' } } });
    expect((await me(token)).points).toBe(40);
  });

  it('the word is compared ignoring case and spaces; a second right answer is 422', async () => {
    const token = await t.signIn();
    const keyword = byTitle(await t.challenges(token), 'Enter the word shown on the big screen');
    expect((await submit(token, keyword.challengeId, { Input: { response: 'bLeU' } })).body.data.correct).toBe(true);
    const again = await submit(token, keyword.challengeId, { Input: { response: 'blue' } });
    expect(again.status).toBe(422);
    expect((await me(token)).points).toBe(50);
  });
});

describe('trivia quizzes', () => {
  it("each answer is revealed right or wrong, right ones earn the question's points, and the quiz completes", async () => {
    const token = await t.signIn();
    const quiz = byTitle(await t.challenges(token), 'Alpine Racing history quiz');
    const [q1, q2] = quiz.challengeType.questions;
    const right = await submit(token, quiz.challengeId, { trivia: { questionId: q1.id, responseIndex: 1 } });
    expect(right.status).toBe(200);
    const r = ChallengeSubmissionResponseSchema.parse(right.body).data;
    expect(r).toMatchObject({ correct: true, pointsAwarded: 20 });
    expect(r.trivia).toMatchObject({
      status: 'in_progress',
      completedAt: null,
      score: 20,
      answers: [{ questionId: q1.id, answer: 1, correct: true }],
    });
    expect(r.challenge.completed).toBe(false);
    expect(r.challenge.challengeType.questions[0].triviaUserResponse).toEqual({ questionId: q1.id, answer: 1, correct: true });

    const wrong = await submit(token, quiz.challengeId, { trivia: { questionId: q2.id, responseIndex: 0 } });
    expect(wrong.body.data).toMatchObject({ correct: false, pointsAwarded: 0, trivia: { score: 20 } });

    const rest = quiz.challengeType.questions.slice(2);
    let last;
    for (const q of rest) last = await submit(token, quiz.challengeId, { trivia: { questionId: q.id, responseIndex: 2 } });
    // h3 (25 points -> index 2) and h4 (chequered -> index 2) are right, h5 (two -> index 1) is wrong.
    expect(last!.body.data.trivia).toMatchObject({ status: 'completed', score: 60 });
    expect(last!.body.data.trivia.completedAt).not.toBeNull();
    expect(last!.body.data.challenge.completed).toBe(true);
    expect((await me(token)).points).toBe(60);
  });

  it('the same answer again is a no-op; a different answer to an answered question is 422', async () => {
    const token = await t.signIn();
    const quiz = byTitle(await t.challenges(token), 'Tech talk: inside the car');
    const q = quiz.challengeType.questions[0];
    await submit(token, quiz.challengeId, { trivia: { questionId: q.id, responseIndex: 1 } });
    const same = await submit(token, quiz.challengeId, { trivia: { questionId: q.id, responseIndex: 1 } });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ correct: true, pointsAwarded: 0, trivia: { score: 25 } });
    const other = await submit(token, quiz.challengeId, { trivia: { questionId: q.id, responseIndex: 0 } });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('ChallengeSubmission');
    expect((await me(token)).points).toBe(25);
  });

  it('an unknown question or option is 422', async () => {
    const token = await t.signIn();
    const quiz = byTitle(await t.challenges(token), 'Tech talk: inside the car');
    expect((await submit(token, quiz.challengeId, { trivia: { questionId: 'nope', responseIndex: 0 } })).status).toBe(422);
    expect((await submit(token, quiz.challengeId, { trivia: { questionId: 't1', responseIndex: 7 } })).status).toBe(422);
  });
});

describe('GET /challenge/:subtype/history', () => {
  it("lists the subtype's completed or expired challenges with their outcome", async () => {
    const token = await t.signIn();
    const list = await t.challenges(token);
    const poll = byTitle(list, 'Driver of the day at Monza');
    await submit(token, poll.challengeId, { pool: { responseIndex: 0 } });
    const res = await t.request('GET', '/api/challenge/poll/history', { token });
    expect(res.status).toBe(200);
    const items = ChallengeHistoryResponseSchema.parse(res.body).data;
    const titles = items.map((i) => i.challenge.title);
    expect(titles).toContain('Driver of the day at Monza');
    expect(titles).toContain('Best overtake of the summer');
    expect(titles).not.toContain('Pick our Las Vegas livery');
    expect(items.every((i) => i.challenge.subtype === 'poll')).toBe(true);
    expect(items.find((i) => i.challenge.title === 'Best overtake of the summer')!.outcome.status).toBe('missed');
    expect(items.find((i) => i.challenge.challengeId === poll.challengeId)!.outcome).toMatchObject({
      status: 'answered',
      pointsAwarded: 20,
    });
  });

  it("shows a resolved pick'em with its result", async () => {
    const token = await t.signIn();
    const res = await t.request('GET', '/api/challenge/pickem/history', { token });
    const silverstone = res.body.data.find(
      (i: { challenge: { title: string } }) => i.challenge.title === 'Who finishes higher at Silverstone?',
    );
    expect(silverstone.outcome).toEqual({ status: 'missed', pointsAwarded: 0, correctIndex: 0 });
  });

  it('an unknown subtype is 404; visitors get 401', async () => {
    const token = await t.signIn();
    expect((await t.request('GET', '/api/challenge/quizzes/history', { token })).status).toBe(404);
    expect((await t.request('GET', '/api/challenge/poll/history')).status).toBe(401);
  });

  it('a challenge becomes history once it expires', async () => {
    const token = await t.signIn();
    const livery = byTitle(await t.challenges(token), 'Pick our Las Vegas livery');
    t.clock.advance(11 * DAY);
    const res = await t.request('GET', '/api/challenge/poll/history', { token });
    expect(res.body.data.map((i: { challenge: { challengeId: string } }) => i.challenge.challengeId)).toContain(livery.challengeId);
  });
});
