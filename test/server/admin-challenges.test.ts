/**
 * Operators write challenges through `/api/admin/challenges` (contract `src/contracts/admin/challenge.ts`): every
 * subtype with its rules, a bad body is 422 naming the field and saves nothing, every change has its audit-log
 * entry in the same transaction, a challenge members answered is archived instead of deleted, and what an operator
 * publishes is what fans get at once, in French too.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminChallengeListResponseSchema, AdminChallengeResponseSchema, type ChallengeInput } from '../../src/contracts/admin/challenge';
import { auditLog, challenges } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const poll = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
  type: 'poll',
  subtype: 'poll',
  title: 'Who was your driver of the day?',
  description: 'Vote after the chequered flag.',
  visibleFrom: new Date(t.clock().getTime() - 1000).toISOString(),
  expiresOn: new Date(t.clock().getTime() + 24 * HOUR).toISOString(),
  options: [
    { text: 'Léa', points: 10 },
    { text: 'Marco', points: 10 },
  ],
  translations: { fr: { title: 'Qui est votre pilote du jour ?', options: ['Léa', 'Marco'] } },
  ...over,
});
const admin = (method: string, path: string, body?: unknown) => t.request(method, `/api/admin/challenges${path}`, { token: ops, body });
const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;
const challengeCount = async () => (await t.db.select({ n: count() }).from(challenges))[0].n;

describe('creating challenges', () => {
  it('creates a bilingual poll that fans see at once, in English and in French, and logs it', async () => {
    const created = await admin('POST', '', poll());
    expect(created.status).toBe(201);
    const item = AdminChallengeResponseSchema.parse(created.body).data;
    expect(item.status).toBe('live');

    const fan = await t.signIn();
    const en = await t.challenges(fan);
    expect(en.find((c) => c.challengeId === item.id)?.title).toBe('Who was your driver of the day?');
    const fr = await t.challenges(fan, 'fr');
    expect(fr.find((c) => c.challengeId === item.id)?.title).toBe('Qui est votre pilote du jour ?');
    const answer = await t.request('POST', `/api/challenge/${item.id}`, { token: fan, body: { pool: { responseIndex: 1 } } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.pointsAwarded).toBe(10);

    const log = await t.request('GET', '/api/admin/audit-log?entity=challenges', { token: ops });
    const entry = log.body.data.find((e: { entityId: string }) => e.entityId === item.id);
    expect(entry).toMatchObject({ action: 'create', actorEmail: OPERATOR, before: null });
    expect(entry.after.title).toBe('Who was your driver of the day?');
  });

  it('creates every subtype with its own parts', async () => {
    const trivia = await admin(
      'POST',
      '',
      poll({
        type: 'trivia',
        subtype: 'trivia',
        options: [],
        translations: {},
        questions: [{ text: 'Where is the team based?', options: ['Enstone', 'Maranello'], correctIndex: 0, points: 20 }],
      }),
    );
    expect(trivia.status).toBe(201);
    expect(trivia.body.data.questions[0].id).toMatch(/^q-/);
    const keyword = await admin(
      'POST',
      '',
      poll({ type: 'input', subtype: 'keyword', options: [], translations: {}, keywords: ['Podium Power'], points: 15 }),
    );
    expect(keyword.status).toBe(201);
    const arcade = await admin('POST', '', poll({ subtype: 'arcade', correctIndex: 1, points: 5 }));
    expect(arcade.status).toBe(201);
    expect(arcade.body.data.correctIndex).toBe(1);
  });

  it('refuses a challenge that breaks a rule with 422 naming the field, and saves nothing', async () => {
    const cases: Array<[Partial<ChallengeInput>, string]> = [
      [{ options: [{ text: 'Only one', points: 1 }], translations: {} }, 'options'],
      [{ expiresOn: new Date(t.clock().getTime() - HOUR).toISOString() }, 'expiresOn'],
      [{ subtype: 'keyword' }, 'type'],
      [{ type: 'input', subtype: 'keyword', options: [], translations: {}, keywords: [] }, 'keywords'],
      [
        {
          type: 'trivia',
          subtype: 'trivia',
          options: [],
          translations: {},
          questions: [{ text: 'Q', options: ['a', 'b'], correctIndex: 2, points: 1 }],
        },
        'questions.0.correctIndex',
      ],
      [
        {
          options: [
            { text: 'A', points: -1 },
            { text: 'B', points: 1 },
          ],
        },
        'options.0.points',
      ],
      [{ title: '   ' }, 'title'],
      [{ mediaId: '3b241101-e2bb-4255-8caf-4136c566a962' }, 'mediaId'],
      [{ translations: { fr: { options: ['Un'] } } }, 'translations.fr.options'],
    ];
    const before = [await challengeCount(), await auditCount()];
    for (const [over, path] of cases) {
      const res = await admin('POST', '', poll(over));
      expect(res.status, path).toBe(422);
      expect(res.body.error.code).toBe('ValidationFailed');
      expect(
        res.body.error.details.map((d: { path: string }) => d.path),
        path,
      ).toContain(path);
    }
    expect([await challengeCount(), await auditCount()]).toEqual(before);
  });
});

describe('editing, listing and deleting', () => {
  it('patches a field, validates the merged challenge, and logs only the changed fields', async () => {
    const { id } = (await admin('POST', '', poll({ title: 'Best overtake?' }))).body.data;
    const bad = await admin('PATCH', `/${id}`, { options: [{ text: 'One', points: 1 }] });
    expect(bad.status).toBe(422);
    const res = await admin('PATCH', `/${id}`, { title: 'Best overtake of the race?' });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Best overtake of the race?');
    expect(res.body.data.options).toHaveLength(2);
    const log = await t.request('GET', '/api/admin/audit-log?entity=challenges', { token: ops });
    const update = log.body.data.find((e: { entityId: string; action: string }) => e.entityId === id && e.action === 'update');
    expect(update.before).toEqual({ title: 'Best overtake?' });
    expect(update.after).toEqual({ title: 'Best overtake of the race?' });
  });

  it('lists newest first with search, status filter and pagination', async () => {
    await admin('POST', '', poll({ title: 'Scheduled quiz night', visibleFrom: new Date(t.clock().getTime() + HOUR).toISOString() }));
    await admin('POST', '', poll({ title: 'Draft livery vote', draft: true }));
    const search = AdminChallengeListResponseSchema.parse((await admin('GET', '?q=livery%20vote')).body);
    expect(search.data.map((c) => c.title)).toEqual(['Draft livery vote']);
    expect(search.data[0].status).toBe('draft');
    const scheduled = AdminChallengeListResponseSchema.parse((await admin('GET', '?status=scheduled')).body);
    expect(scheduled.data.map((c) => c.title)).toContain('Scheduled quiz night');
    expect(scheduled.data.every((c) => c.status === 'scheduled')).toBe(true);
    const page = AdminChallengeListResponseSchema.parse((await admin('GET', '?page=2&pageSize=2')).body);
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.meta.total).toBeGreaterThan(4);
    const first = AdminChallengeListResponseSchema.parse((await admin('GET', '?pageSize=1')).body);
    expect(first.data[0].title).toBe('Draft livery vote');
    const fan = await t.signIn();
    expect((await t.challenges(fan)).map((c) => c.title)).not.toContain('Draft livery vote');
  });

  it('deletes a challenge nobody answered, archives one a member answered (fans no longer see it)', async () => {
    const fresh = (await admin('POST', '', poll({ title: 'Unanswered' }))).body.data.id;
    const answered = (await admin('POST', '', poll({ title: 'Answered' }))).body.data.id;
    const fan = await t.signIn();
    await t.request('POST', `/api/challenge/${answered}`, { token: fan, body: { pool: { responseIndex: 0 } } });

    expect((await admin('DELETE', `/${fresh}`)).body.data).toEqual({ id: fresh, archived: false });
    expect((await admin('GET', `/${fresh}`)).status).toBe(404);
    expect((await admin('DELETE', `/${answered}`)).body.data).toEqual({ id: answered, archived: true });
    expect((await admin('GET', `/${answered}`)).body.data.status).toBe('archived');
    expect((await t.request('GET', `/api/challenge/${answered}`, { token: fan })).status).toBe(404);
    const history = await t.request('GET', '/api/user/me/transactions', { token: fan });
    expect(JSON.stringify(history.body)).toContain(`challenge:${answered}`);
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, answered));
    expect(row.archivedAt).not.toBeNull();
  });

  it('a duplicate key is 409 and writes nothing', async () => {
    expect((await admin('POST', '', poll({ title: 'Keyed A', key: 'keyed-a' }))).status).toBe(201);
    const before = [await challengeCount(), await auditCount()];
    const duplicate = await admin('POST', '', poll({ title: 'Keyed B', key: 'keyed-a' }));
    expect(duplicate.status).toBe(409);
    expect([await challengeCount(), await auditCount()]).toEqual(before);
  });

  it("writes the audit entry in the change's transaction: when the entry cannot be written, the change is undone", async () => {
    const { id } = (await admin('POST', '', poll({ title: 'Before the fault' }))).body.data;
    // Make the next audit entry for challenges fail, after the challenge row itself was updated.
    await t.db.execute(sql`alter table audit_log add constraint test_refuse_challenges check (entity <> 'challenges') not valid`);
    try {
      const res = await admin('PATCH', `/${id}`, { title: 'After the fault' });
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table audit_log drop constraint test_refuse_challenges`);
    }
    expect((await admin('GET', `/${id}`)).body.data.title).toBe('Before the fault');
  });
});
