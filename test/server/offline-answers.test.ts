/**
 * Poll and keyword answers queued offline (`src/rules/answer-time.ts`): the time answered is honoured
 * within a grace window after the close, replays apply once, and no claim loosens a pick'em's lock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChallengeSubmissionResponseSchema } from '../../src/contracts/challenge';
import { ANSWER_GRACE_MS } from '../../src/rules/answer-time';
import { challenges as challengesTable } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set('2026-06-01T19:00:00.000Z'));

const MINUTE = 60_000;
const closesAt = new Date('2026-06-01T19:00:00.000Z');
const minutesAfterClose = (minutes: number) => new Date(closesAt.getTime() + minutes * MINUTE);

/** The seeded challenge called `title` (read from the database: the seed's times are around the real clock). */
async function seeded(title: string) {
  const [row] = await t.db.select().from(challengesTable).where(eq(challengesTable.title, title));
  if (!row) throw new Error(`no challenge ${title}`);
  return row;
}
const submit = (token: string, id: string, body: unknown, key: string = crypto.randomUUID()) =>
  t.request('POST', `/api/challenge/${id}`, { token, body, headers: { 'idempotency-key': key } });
const points = async (token: string) => (await t.request('GET', '/api/user/me', { token })).body.data.points as number;

/** Opens the challenge `title` an hour before `closesAt` and closes it then; returns its id. */
async function windowed(title: string, extra: Partial<typeof challengesTable.$inferInsert> = {}) {
  const { id } = await seeded(title);
  await t.db
    .update(challengesTable)
    .set({ visibleFrom: new Date(closesAt.getTime() - 60 * MINUTE), expiresOn: closesAt, ...extra })
    .where(eq(challengesTable.id, id));
  return id;
}

describe('a poll answered without signal', () => {
  it('given before the close and arriving within the grace window, counts once with the time it was given', async () => {
    const token = await t.signIn();
    const id = await windowed('Driver of the day at Monza');
    const occurredAt = new Date(closesAt.getTime() - 5 * MINUTE).toISOString();
    const key = crypto.randomUUID();
    t.clock.set(minutesAfterClose(ANSWER_GRACE_MS / MINUTE - 1));
    const first = await submit(token, id, { pool: { responseIndex: 1 }, occurredAt }, key);
    expect(first.status).toBe(200);
    const result = ChallengeSubmissionResponseSchema.parse(first.body).data;
    expect(result.pointsAwarded).toBe(20);
    expect(result.challenge.userResponse).toMatchObject({ responseIndex: 1, answeredAt: occurredAt });
    expect(await points(token)).toBe(20);

    // The queue's replay of the same answer (the phone never saw the first response): the stored answer, once.
    const replay = await submit(token, id, { pool: { responseIndex: 1 }, occurredAt }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await points(token)).toBe(20);
  });

  it('arriving after the grace window is refused with a reason the card can show, and credits nothing', async () => {
    const token = await t.signIn();
    const id = await windowed('Driver of the day at Monza');
    t.clock.set(minutesAfterClose(ANSWER_GRACE_MS / MINUTE + 1));
    const late = await submit(token, id, { pool: { responseIndex: 1 }, occurredAt: new Date(closesAt.getTime() - MINUTE).toISOString() });
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({
      code: 'ChallengeSubmission',
      message: 'This answer arrived more than 30 minutes after the challenge closed',
      details: { reason: 'AnswerTooLate', closedAt: closesAt.toISOString(), graceMinutes: 30 },
    });
    expect(await points(token)).toBe(0);
  });

  it('a time answered before the opening or in the future is not trusted: the answer counts as given on arrival', async () => {
    const token = await t.signIn();
    const id = await windowed('Driver of the day at Monza');
    t.clock.set(minutesAfterClose(5));
    const beforeOpening = await submit(token, id, { pool: { responseIndex: 0 }, occurredAt: '2026-06-01T10:00:00.000Z' });
    expect(beforeOpening.status).toBe(422);
    expect(beforeOpening.body.error).toMatchObject({ code: 'ChallengeSubmission', message: 'This challenge has ended' });

    t.clock.set(minutesAfterClose(-10));
    const future = await submit(token, id, { pool: { responseIndex: 0 }, occurredAt: minutesAfterClose(60).toISOString() });
    expect(future.status).toBe(200);
    expect(future.body.data.challenge.userResponse.answeredAt).toBe(minutesAfterClose(-10).toISOString());
  });

  it('an answer given after the close is refused as ended, whatever its arrival', async () => {
    const token = await t.signIn();
    const id = await windowed('Pick our Las Vegas livery');
    t.clock.set(minutesAfterClose(2));
    const res = await submit(token, id, { pool: { responseIndex: 0 }, occurredAt: minutesAfterClose(1).toISOString() });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('This challenge has ended');
    expect(await points(token)).toBe(0);
  });
});

describe('a keyword answered without signal', () => {
  it('the right word given before the close is credited within the grace window, refused after it', async () => {
    const early = await t.signIn();
    const late = await t.signIn();
    const id = await windowed('Enter the word shown on the big screen');
    const occurredAt = new Date(closesAt.getTime() - 2 * MINUTE).toISOString();
    t.clock.set(minutesAfterClose(20));
    const ok = await submit(early, id, { Input: { response: 'blue' }, occurredAt });
    expect(ok.body.data).toMatchObject({ correct: true, challenge: { completed: true } });
    expect(ok.body.data.pointsAwarded).toBeGreaterThan(0);
    expect(await points(early)).toBe(ok.body.data.pointsAwarded);
    t.clock.set(minutesAfterClose(31));
    const refused = await submit(late, id, { Input: { response: 'blue' }, occurredAt });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.reason).toBe('AnswerTooLate');
  });
});

describe('answers whose outcome can be known later', () => {
  it("a pick'em pick arriving after its lock is refused whatever time it claims", async () => {
    const token = await t.signIn();
    const id = await windowed('Who scores points in Monza?', { locksAt: new Date(closesAt.getTime() - 30 * MINUTE) });
    t.clock.set(minutesAfterClose(-20));
    const res = await submit(token, id, { pool: { responseIndex: 0 }, occurredAt: minutesAfterClose(-40).toISOString() });
    expect(res.status).toBe(422);
    expect(res.body.error.details.reason).toBe('PickLocked');
  });

  it('a quiz answer cannot carry a time answered', async () => {
    const token = await t.signIn();
    const quiz = await seeded('Alpine Racing history quiz');
    const res = await submit(token, quiz.id, {
      trivia: { questionId: quiz.questions[0].id, responseIndex: 0 },
      occurredAt: new Date().toISOString(),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ValidationFailed');
  });
});

describe('the contract', () => {
  it('documents the time answered on poll and keyword answers in the OpenAPI document', async () => {
    const doc = await t.request('GET', '/api/openapi.json', { token: null, orgToken: null });
    const body = JSON.stringify(doc.body.paths['/api/challenge/{id}'].post.requestBody);
    const variants = body.match(/"occurredAt":\{[^}]*\}/g) ?? [];
    expect(variants).toHaveLength(2);
    for (const v of variants) expect(v).toContain('"format":"date-time"');
    expect(body).toContain('30 minutes');
  });
});
