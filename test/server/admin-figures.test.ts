/**
 * The figures a club watches (`GET /api/admin/figures`, `GET /api/admin/figures.csv`) over a small known dataset
 * written straight into the tables with chosen times: exact figures for each period, every day listed (0 on quiet
 * days), days cut at midnight of the organization's time zone (Europe/Paris) and not UTC, another organization's
 * rows never counted, and the CSV files. Closed days are rolled up by the first figures request: every
 * row below is written before it, as in production where rows are stamped by the database and past days never change.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIGURES_PERIODS, FiguresResponseSchema, type Figures } from '../../src/contracts/admin/figures';
import {
  articleReads,
  articles,
  challengeResponses,
  checkins,
  pointTransactions,
  stories,
  storyChapters,
  storyChapterViews,
  sweepstakeEntries,
  sweepstakes,
  triviaAnswers,
  users,
  videos,
  videoViews,
} from '../../server/db/schema';
import { figuresScope, readFigures, rollUpEveryOrganization } from '../../server/areas/console/figures.service';
import { createChallenges, createOrganization } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
/** "Now" for every test: 12:00 in Paris (CEST) on 29 March 2026, the day the clocks went forward. */
const NOW = '2026-03-29T10:00:00Z';

let t: TestContext;
let ops: string;
let fan: string;
let pollId: string;
let triviaId: string;
let storyId: string;
let otherId: string;

/** Inserts a member of `organizationId` created at `createdAt`; returns their id. */
async function member(organizationId: string, createdAt: string, deletedAt: string | null = null) {
  const [row] = await t.db
    .insert(users)
    .values({
      organizationId,
      email: `${randomUUID()}@example.com`,
      createdAt: new Date(createdAt),
      deletedAt: deletedAt ? new Date(deletedAt) : null,
    })
    .returning({ id: users.id });
  return row.id;
}

/** Inserts a ledger row of `amount` points for `userId` at `at`. */
async function ledger(organizationId: string, userId: string, amount: number, at: string) {
  await t.db.insert(pointTransactions).values({
    organizationId,
    userId,
    amount,
    reason: amount > 0 ? 'adjustment' : 'sweepstake_entry',
    reference: `test:${randomUUID()}`,
    balanceAfter: 0,
    createdAt: new Date(at),
  });
}

beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
  fan = await t.signIn();
  t.clock.set(NOW);
  const org = t.organization.id;
  // The operator and the fan joined long ago: only the members below join in the periods.
  await t.db
    .update(users)
    .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
    .where(eq(users.organizationId, org));

  // m1 joins at 23:30 in Paris on the 27th (22:30 UTC), m2 at 00:30 on the 28th (23:30 UTC on the 27th).
  const m1 = await member(org, '2026-03-27T22:30:00Z');
  const m2 = await member(org, '2026-03-27T23:30:00Z');
  const m3 = await member(org, '2026-01-10T12:00:00Z');
  // Joined before the season, deleted since: counted nowhere.
  await member(org, '2025-06-15T12:00:00Z', '2026-03-01T12:00:00Z');

  // The last second of the 27th and the first of the 28th in Paris: both on the 27th in UTC.
  await ledger(org, m1, 10, '2026-03-27T22:59:59Z');
  await ledger(org, m1, 25, '2026-03-27T23:00:00Z');
  await ledger(org, m1, -15, '2026-03-29T08:00:00Z');
  await ledger(org, m2, 5, '2026-03-24T11:00:00Z');
  await ledger(org, m3, 100, '2026-01-10T13:00:00Z');

  const checkin = (userId: string, day: string) => ({
    userId,
    day,
    streakDay: 1,
    pointsAwarded: 10,
    occurredAt: new Date(`${day}T12:00:00Z`),
  });
  await t.db.insert(checkins).values([checkin(m1, '2026-03-27'), checkin(m2, '2026-03-28'), checkin(m3, '2026-03-01')]);

  const visibleFrom = new Date('2026-01-01T00:00:00Z');
  const [poll, trivia] = await createChallenges(t.db, org, [
    {
      type: 'poll',
      subtype: 'poll',
      title: 'Driver of the day, "P1" or not',
      visibleFrom,
      options: [
        { text: 'A', points: 5 },
        { text: 'B', points: 5 },
      ],
    },
    { type: 'trivia', subtype: 'trivia', title: 'Pit stop quiz', visibleFrom },
  ]);
  pollId = poll.id;
  triviaId = trivia.id;
  const answer = (challengeId: string, userId: string, at: string) => ({ challengeId, userId, responseIndex: 0, answeredAt: new Date(at) });
  await t.db.insert(challengeResponses).values([answer(pollId, m1, '2026-03-28T09:00:00Z'), answer(pollId, m2, '2026-03-29T09:00:00Z')]);
  const question = (questionId: string) => ({
    challengeId: triviaId,
    userId: m1,
    questionId,
    answerIndex: 0,
    correct: true,
    answeredAt: new Date('2026-03-25T10:00:00Z'),
  });
  await t.db.insert(triviaAnswers).values([question('q1'), question('q2')]);

  const publishedAt = new Date('2026-01-01T00:00:00Z');
  const [video] = await t.db
    .insert(videos)
    .values({ organizationId: org, slug: 'figures-video', name: 'Figures video', fileName: 'v.mp4', durationSeconds: 30, publishedAt })
    .returning();
  await t.db.insert(videoViews).values({ videoId: video.id, userId: m2, pointsAwarded: 5, createdAt: new Date('2026-03-26T10:00:00Z') });
  const [article] = await t.db
    .insert(articles)
    .values({ organizationId: org, slug: 'figures-article', title: 'Figures article', publishedAt })
    .returning();
  // 07:00 UTC is 09:00 in Paris on the 29th (summer time since 01:00 UTC).
  await t.db
    .insert(articleReads)
    .values({ articleId: article.id, userId: m3, pointsAwarded: 5, createdAt: new Date('2026-03-29T07:00:00Z') });

  const [story] = await t.db
    .insert(stories)
    .values({ organizationId: org, title: 'Race weekend', coverMediaId: randomUUID(), startsAt: publishedAt })
    .returning();
  storyId = story.id;
  const chapters = await t.db
    .insert(storyChapters)
    .values([0, 1].map((orderIndex) => ({ storyId, orderIndex, mediaId: randomUUID() })))
    .returning();
  const view = (userId: string, chapterId: string, at: string) => ({
    storyId,
    chapterId,
    userId,
    pointsAwarded: 1,
    createdAt: new Date(at),
  });
  await t.db.insert(storyChapterViews).values([
    view(m1, chapters[0].id, '2026-03-20T10:00:00Z'),
    view(m1, chapters[1].id, '2026-03-28T10:00:00Z'),
    view(m2, chapters[0].id, '2026-03-29T09:30:00Z'),
    // m3 saw the first chapter before the season and completed the story on 1 March.
    view(m3, chapters[0].id, '2025-06-20T10:00:00Z'),
    view(m3, chapters[1].id, '2026-03-01T10:00:00Z'),
  ]);

  const [sweepstake] = await t.db
    .insert(sweepstakes)
    .values({ organizationId: org, title: 'Paddock passes', startsAt: publishedAt, endsAt: new Date('2026-04-30T00:00:00Z'), entryCost: 5 })
    .returning();
  await t.db
    .insert(sweepstakeEntries)
    .values({ sweepstakeId: sweepstake.id, userId: m1, count: 3, pointsSpent: 15, createdAt: new Date('2026-03-29T08:00:00Z') });

  // Another organization, busy on the same days: none of it may count.
  const other = await createOrganization(t.db, {
    name: 'Blue Harbour FC',
    publicKey: 'pk_blue_harbour_figures',
    timeZone: 'America/New_York',
  });
  otherId = other.id;
  const b1 = await member(other.id, '2026-03-28T12:00:00Z');
  // On a day the rollup holds (up to the 27th), too.
  await ledger(other.id, b1, 300, '2026-03-20T12:00:00Z');
  await ledger(other.id, b1, 1000, '2026-03-28T12:00:00Z');
  await ledger(other.id, b1, -500, '2026-03-28T13:00:00Z');
  await t.db.insert(checkins).values(checkin(b1, '2026-03-28'));
  const [otherPoll] = await createChallenges(t.db, other.id, [
    { type: 'poll', subtype: 'poll', title: 'Their poll', visibleFrom, options: [{ text: 'A', points: 1 }] },
  ]);
  await t.db.insert(challengeResponses).values(answer(otherPoll.id, b1, '2026-03-28T12:00:00Z'));
  const [otherSweepstake] = await t.db
    .insert(sweepstakes)
    .values({
      organizationId: other.id,
      title: 'Their draw',
      startsAt: publishedAt,
      endsAt: new Date('2026-04-30T00:00:00Z'),
      entryCost: 5,
    })
    .returning();
  await t.db
    .insert(sweepstakeEntries)
    .values({ sweepstakeId: otherSweepstake.id, userId: b1, count: 7, pointsSpent: 35, createdAt: new Date('2026-03-28T12:00:00Z') });
});
afterAll(async () => t.close());

async function figures(period: string): Promise<Figures> {
  const res = await t.request('GET', `/api/admin/figures?period=${period}`, { token: ops });
  expect(res.status).toBe(200);
  return FiguresResponseSchema.parse(res.body).data;
}

/** The days of a daily figure as `{day: value}`, for compact expectations. */
const byDay = <T extends { day: string }>(days: T[], value: (d: T) => number) => Object.fromEntries(days.map((d) => [d.day, value(d)]));

describe('GET /api/admin/figures', () => {
  it('7 days: every day from the 23rd to today, cut at midnight in Paris, with exact figures', async () => {
    const f = await figures('7d');
    expect(f).toMatchObject({ period: '7d', timeZone: 'Europe/Paris', from: '2026-03-23', to: '2026-03-29' });
    const week = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];
    expect(f.members.days.map((d) => d.day)).toEqual(week);
    // m1 joined at 23:30 on the 27th in Paris, m2 at 00:30 on the 28th (both the 27th in UTC).
    expect(byDay(f.members.days, (d) => d.new)).toEqual({ ...zeros(week), '2026-03-27': 1, '2026-03-28': 1 });
    expect(byDay(f.members.days, (d) => d.active)).toEqual({
      '2026-03-23': 0,
      '2026-03-24': 1,
      '2026-03-25': 1,
      '2026-03-26': 1,
      '2026-03-27': 1,
      '2026-03-28': 2,
      '2026-03-29': 3,
    });
    expect(f.members).toMatchObject({ total: 5, new: 2, active: 3 });
    expect(f.checkins.total).toBe(2);
    expect(byDay(f.checkins.days, (d) => d.count)).toEqual({ ...zeros(week), '2026-03-27': 1, '2026-03-28': 1 });
    // 22:59:59 UTC on the 27th is the 27th in Paris; 23:00:00 UTC is already the 28th.
    expect(byDay(f.points.days, (d) => d.earned)).toEqual({ ...zeros(week), '2026-03-24': 5, '2026-03-27': 10, '2026-03-28': 25 });
    expect(byDay(f.points.days, (d) => d.spent)).toEqual({ ...zeros(week), '2026-03-29': 15 });
    expect(f.points).toMatchObject({ earned: 40, spent: 15 });
    expect(f.sweepstakeEntries).toMatchObject({ total: 3, entrants: 1 });
    expect(byDay(f.sweepstakeEntries.days, (d) => d.count)).toEqual({ ...zeros(week), '2026-03-29': 3 });
    expect(byDay(f.videoViews.days, (d) => d.count)).toEqual({ ...zeros(week), '2026-03-26': 1 });
    expect(byDay(f.articleReads.days, (d) => d.count)).toEqual({ ...zeros(week), '2026-03-29': 1 });
    expect(f.challenges).toEqual([
      { id: pollId, title: 'Driver of the day, "P1" or not', type: 'poll', subtype: 'poll', participants: 2 },
      { id: triviaId, title: 'Pit stop quiz', type: 'trivia', subtype: 'trivia', participants: 1 },
    ]);
    // m1 saw the second of two chapters on the 28th (the first on the 20th): completed in the week; m2 saw one.
    expect(f.stories).toEqual([{ id: storyId, title: 'Race weekend', chapters: 2, viewers: 2, completions: 1 }]);
  });

  it("today: only the organization's current day", async () => {
    const f = await figures('today');
    expect(f).toMatchObject({ from: '2026-03-29', to: '2026-03-29' });
    expect(f.members).toEqual({ total: 5, new: 0, active: 3, days: [{ day: '2026-03-29', new: 0, active: 3 }] });
    expect(f.points).toEqual({ earned: 0, spent: 15, expired: 0, days: [{ day: '2026-03-29', earned: 0, spent: 15, expired: 0 }] });
    expect(f.checkins).toEqual({ total: 0, days: [{ day: '2026-03-29', count: 0 }] });
    expect(f.challenges.map((c) => [c.id, c.participants])).toEqual([[pollId, 1]]);
    expect(f.stories).toEqual([{ id: storyId, title: 'Race weekend', chapters: 2, viewers: 1, completions: 0 }]);
  });

  it('30 days and the season reach further back; quiet days are zeros', async () => {
    const month = await figures('30d');
    expect(month).toMatchObject({ from: '2026-02-28', to: '2026-03-29' });
    expect(month.checkins.days).toHaveLength(30);
    expect(month.checkins.total).toBe(3);
    expect(month.members).toMatchObject({ new: 2, active: 3 });
    // m1 completed the story on the 28th and m3 on 1 March, with a chapter seen before the season; m2 saw one.
    expect(month.stories).toEqual([{ id: storyId, title: 'Race weekend', chapters: 2, viewers: 3, completions: 2 }]);
    const season = await figures('season');
    expect(season).toMatchObject({ from: '2025-07-01', to: '2026-03-29' });
    expect(season.points.days).toHaveLength(272);
    expect(season.points).toMatchObject({ earned: 140, spent: 15 });
    expect(season.members).toMatchObject({ total: 5, new: 3, active: 3 });
    expect(season.points.days.find((d) => d.day === '2026-01-10')).toEqual({ day: '2026-01-10', earned: 100, spent: 0, expired: 0 });
    expect(season.stories).toEqual([{ id: storyId, title: 'Race weekend', chapters: 2, viewers: 3, completions: 2 }]);
  });

  it('defaults to 7 days and refuses an unknown period with 422', async () => {
    const plain = await t.request('GET', '/api/admin/figures', { token: ops });
    expect(FiguresResponseSchema.parse(plain.body).data).toMatchObject({ period: '7d', from: '2026-03-23', to: '2026-03-29' });
    const res = await t.request('GET', '/api/admin/figures?period=year', { token: ops });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('ValidationFailed');
  });
});

/** Throws the organization's rollup away, as if no figures request had been made yet. */
async function forgetRollup(organizationId: string) {
  for (const table of ['figures_rollups', 'activity_days', 'figure_days', 'challenge_participants', 'story_viewers']) {
    await t.db.execute(sql`delete from ${sql.raw(table)} where organization_id = ${organizationId}`);
  }
}

/** The number of rows of `table` held for the organization. */
async function rollupRows(table: string, organizationId: string): Promise<number> {
  const { rows } = (await t.db.execute(
    sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${organizationId}`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(rows[0].n);
}

describe('the rollup of closed days', () => {
  it('answers every period exactly as the source tables do, and holds the days up to the day before yesterday', async () => {
    for (const period of FIGURES_PERIODS) {
      const live = await readFigures(t.db, figuresScope(t.organization, period, new Date(NOW)), period);
      expect(await figures(period)).toEqual(live);
    }
    const { rows } = (await t.db.execute(sql`select to_char(from_day, 'YYYY-MM-DD') as "from", to_char(through_day, 'YYYY-MM-DD') as through
      from figures_rollups where organization_id = ${t.organization.id}`)) as unknown as { rows: Array<{ from: string; through: string }> };
    expect(rows).toEqual([{ from: '2025-07-01', through: '2026-03-27' }]);
    // m1 active on the 20th (story), 25th (trivia), 27th (ledger, check-in); m2 on the 24th and 26th; m3 on 10 Jan and 1 Mar.
    expect(await rollupRows('activity_days', t.organization.id)).toBe(7);
  });

  it('concurrent first requests roll up once: the totals are not doubled', async () => {
    await forgetRollup(t.organization.id);
    const answers = await Promise.all([figures('season'), figures('season'), figures('7d'), figures('30d')]);
    const live = await readFigures(t.db, figuresScope(t.organization, 'season', new Date(NOW)), 'season');
    expect(answers[0]).toEqual(live);
    expect(answers[1]).toEqual(live);
    const { rows } = (await t.db.execute(sql`select figure, sum(value)::int as n from figure_days
      where organization_id = ${t.organization.id} group by figure order by figure`)) as unknown as {
      rows: Array<{ figure: string; n: number }>;
    };
    // Up to the 27th: 10 + 5 + 100 earned; check-ins on 1 Mar and the 27th; one video view; 7 active pairs.
    expect(rows).toEqual([
      { figure: 'active', n: 7 },
      { figure: 'checkins', n: 2 },
      // m1, m2 and m3, each counted once, on their last active day.
      { figure: 'last_active', n: 3 },
      // m1 answered the trivia on the 25th (the poll's answers are on the 28th and 29th, live).
      { figure: 'participants', n: 1 },
      { figure: 'points_earned', n: 115 },
      { figure: 'video_views', n: 1 },
    ]);
    expect(await rollupRows('figures_rollups', t.organization.id)).toBe(1);
  });

  it('a later rollup continues from the last one: members coming back are counted once, on their last day', async () => {
    await forgetRollup(t.organization.id);
    // Three days earlier the rollup stops at the 24th; back to now, it adds the 25th to the 27th.
    t.clock.set('2026-03-26T10:00:00Z');
    await figures('season');
    t.clock.set(NOW);
    for (const period of FIGURES_PERIODS) {
      const live = await readFigures(t.db, figuresScope(t.organization, period, new Date(NOW)), period);
      expect(await figures(period)).toEqual(live);
    }
    const { rows } = (await t.db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, value::int as n from figure_days
      where organization_id = ${t.organization.id} and figure = 'last_active' and value <> 0 order by day`)) as unknown as {
      rows: Array<{ day: string; n: number }>;
    };
    expect(rows).toEqual([
      { day: '2026-03-01', n: 1 },
      { day: '2026-03-26', n: 1 },
      { day: '2026-03-27', n: 1 },
    ]);
  });

  it('the hourly housekeeping rolls up every organization, and the request after it finds the days done', async () => {
    await forgetRollup(t.organization.id);
    await rollUpEveryOrganization(t.db, new Date(NOW));
    expect(await rollupRows('figures_rollups', t.organization.id)).toBe(1);
    expect(await rollupRows('figures_rollups', otherId)).toBe(1);
    expect(await rollupRows('activity_days', t.organization.id)).toBe(7);
    const live = await readFigures(t.db, figuresScope(t.organization, '30d', new Date(NOW)), '30d');
    expect(await figures('30d')).toEqual(live);
    await forgetRollup(otherId);
  });

  it("another organization's rows are never rolled up into this one's, nor counted", async () => {
    const season = await figures('season');
    expect(season.points.days.find((d) => d.day === '2026-03-20')).toEqual({ day: '2026-03-20', earned: 0, spent: 0, expired: 0 });
    expect(season.points.earned).toBe(140);
    const { rows } = (await t.db.execute(sql`select count(*)::int as n from activity_days a join users u on u.id = a.user_id
      where a.organization_id = ${t.organization.id} and u.organization_id <> ${t.organization.id}`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(Number(rows[0].n)).toBe(0);
    // The other organization has no rollup until its own operators ask for its figures.
    expect(await rollupRows('figures_rollups', otherId)).toBe(0);
  });
});

describe('GET /api/admin/figures.csv', () => {
  it('a daily figure: a header, then one row per day of the period, as an attachment', async () => {
    const res = await t.request('GET', '/api/admin/figures.csv?period=7d&figure=points', { token: ops });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="points-2026-03-23-2026-03-29.csv"');
    expect(res.text).toBe(
      [
        'day,points_earned,points_spent,points_expired',
        '2026-03-23,0,0,0',
        '2026-03-24,5,0,0',
        '2026-03-25,0,0,0',
        '2026-03-26,0,0,0',
        '2026-03-27,10,0,0',
        '2026-03-28,25,0,0',
        '2026-03-29,0,15,0',
        '',
      ].join('\r\n'),
    );
    const members = await t.request('GET', '/api/admin/figures.csv?period=today&figure=members', { token: ops });
    expect(members.text).toBe('day,new_members,active_members\r\n2026-03-29,0,3\r\n');
  });

  it('challenges and stories: one row per item, texts quoted as CSV wants', async () => {
    const challenges = await t.request('GET', '/api/admin/figures.csv?period=7d&figure=challenges', { token: ops });
    expect(challenges.text).toBe(
      `challenge_id,title,type,subtype,participants\r\n${pollId},"Driver of the day, ""P1"" or not",poll,poll,2\r\n${triviaId},Pit stop quiz,trivia,trivia,1\r\n`,
    );
    const storiesCsv = await t.request('GET', '/api/admin/figures.csv?period=7d&figure=stories', { token: ops });
    expect(storiesCsv.text).toBe(`story_id,title,chapters,viewers,completions\r\n${storyId},Race weekend,2,2,1\r\n`);
  });

  it('refuses a missing or unknown figure with 422', async () => {
    expect((await t.request('GET', '/api/admin/figures.csv?period=7d', { token: ops })).status).toBe(422);
    expect((await t.request('GET', '/api/admin/figures.csv?period=7d&figure=revenue', { token: ops })).status).toBe(422);
  });

  it('is for operators only: a member gets 403', async () => {
    expect((await t.request('GET', '/api/admin/figures?period=7d', { token: fan })).status).toBe(403);
    expect((await t.request('GET', '/api/admin/figures.csv?period=7d&figure=points', { token: fan })).status).toBe(403);
  });
});

function zeros(days: string[]) {
  return Object.fromEntries(days.map((d) => [d, 0]));
}
