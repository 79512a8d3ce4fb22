/**
 * Leaderboards and private leagues: points earned per period ranked with shared places (1, 2, 2, 4),
 * week boundaries in the organization's time zone, the member's own place far down, hidden names (underage hidden
 * by default), joining by invite code, leaving, and a season reset that keeps leagues and starts new tables.
 */
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSeasonResponseSchema } from '../../src/contracts/admin/season';
import {
  LEAGUE_MAX_MEMBERS,
  LeaderboardResponseSchema,
  LeagueInviteResponseSchema,
  LeagueListResponseSchema,
  LeagueResponseSchema,
  LeagueTableResponseSchema,
  type League,
} from '../../src/contracts/leaderboard';
import { auditLog, leagueMembers, organizations, pointTransactions, users } from '../../server/db/schema';
import { awardPoints, spendPoints } from '../../server/kernel/ledger';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
let t: TestContext;
let organizationId: string;
let timeZone: string;
let ops: string;

/** Wednesday 12 March 2031, noon in Paris: a week no other test file writes to. */
const NOW = new Date('2031-03-12T11:00:00Z');

beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  t.clock.set(NOW);
  const [org] = await t.db.select().from(organizations);
  organizationId = org.id;
  timeZone = org.timeZone;
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t?.close());

/** A member written straight to the database (no session), with a username unless `username` is null. */
async function insertMember(options: { username?: string | null; birthday?: string } = {}): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(users)
    .values({
      organizationId,
      email: `lb-${tag}@example.com`,
      username: options.username === undefined ? `lb_${tag}` : options.username,
      birthday: options.birthday,
    })
    .returning({ id: users.id });
  return row.id;
}

/** A signed-in member with a username; returns its token, id and username. */
async function signedInMember() {
  const token = await t.signIn();
  const userId = (await t.request('GET', '/api/user/me', { token })).body.data.userId as string;
  const username = `fan_${userId.slice(0, 8)}`;
  await t.db.update(users).set({ username }).where(eq(users.id, userId));
  return { token, userId, username };
}

/** Credits `amount` points to the member at `at` (the clock's time by default). */
const earn = (userId: string, amount: number, at: Date = t.clock()) =>
  t.db.transaction((tx) => awardPoints(tx, { userId, amount, reason: 'challenge', reference: `test:${randomUUID()}`, at }));

const board = async (token: string, period: string) =>
  LeaderboardResponseSchema.parse((await t.request('GET', `/api/leaderboards?period=${period}`, { token })).body).data;
const leagueTable = async (token: string, id: string, period = 'week') => {
  const res = await t.request('GET', `/api/leagues/${id}/table?period=${period}`, { token });
  expect(res.status).toBe(200);
  return LeagueTableResponseSchema.parse(res.body).data;
};
const createLeague = async (token: string, name: string): Promise<League> => {
  const res = await t.request('POST', '/api/leagues', { token, body: { name } });
  expect(res.status).toBe(201);
  return LeagueResponseSchema.parse(res.body).data;
};
const join = (token: string, code: string) => t.request('POST', `/api/leagues/invites/${code}`, { token });

describe('ranking', () => {
  it('ranks by points earned in the period, equal points sharing a place (1, 2, 2, 4)', async () => {
    const me = await signedInMember();
    const [a, b, c] = [await insertMember(), await insertMember(), await insertMember()];
    await earn(a, 900_000);
    await earn(b, 800_000);
    await earn(c, 800_000);
    await earn(me.userId, 700_000);
    const table = await board(me.token, 'week');
    expect(table.rows.slice(0, 4).map((r) => [r.place, r.points])).toEqual([
      [1, 900_000],
      [2, 800_000],
      [2, 800_000],
      [4, 700_000],
    ]);
    expect(table.rows[3]).toMatchObject({ me: true, name: me.username });
    expect(table.me).toEqual(table.rows[3]);
  });

  it('counts every row of a ledger statement that credits many members at once (a result paid out), each once', async () => {
    const me = await signedInMember();
    const others = [await insertMember(), await insertMember()];
    const row = (userId: string, amount: number) => ({
      organizationId,
      userId,
      amount,
      reason: 'challenge_result' as const,
      reference: `result:${randomUUID()}`,
      balanceAfter: amount,
      createdAt: t.clock(),
    });
    // One insert statement: the leaderboard's trigger runs once for all of its rows.
    await t.db.insert(pointTransactions).values([row(me.userId, 30), row(me.userId, 12), row(others[0], 30), row(others[1], -5)]);
    const week = await board(me.token, 'week');
    expect(week.me.points).toBe(42);
    expect((await board(me.token, 'month')).me.points).toBe(42);
    expect((await board(me.token, 'all')).me.points).toBe(42);
  });

  it('counts earnings, never spends', async () => {
    const me = await signedInMember();
    await earn(me.userId, 500);
    await t.db.transaction((tx) =>
      spendPoints(tx, { userId: me.userId, amount: 400, reason: 'sweepstake_entry', reference: `spend:${randomUUID()}`, at: t.clock() }),
    );
    expect((await board(me.token, 'week')).me.points).toBe(500);
    expect((await board(me.token, 'all')).me.points).toBe(500);
  });

  it("shows the member's own place when far below the top rows, and 0 points after everyone who earned", async () => {
    const me = await signedInMember();
    for (let i = 0; i < 55; i++) await earn(await insertMember(), 600_000 + i);
    let table = await board(me.token, 'week');
    expect(table.rows).toHaveLength(50);
    expect(table.rows.some((r) => r.me)).toBe(false);
    const earners = Number(
      (
        (await t.db.execute(
          // Everyone who earned this week, counted independently of the service's statement.
          `select count(*) as n from leaderboard_scores where period = 'week' and period_key = '2031-03-10'`,
        )) as unknown as { rows: Array<{ n: string }> }
      ).rows[0].n,
    );
    expect(table.me).toEqual({ place: earners + 1, points: 0, name: me.username, me: true });
    await earn(me.userId, 1);
    table = await board(me.token, 'week');
    // Every other earner has more than 1 point: the place stays after them all.
    expect(table.me).toMatchObject({ place: earners + 1, points: 1 });
  });
});

describe('periods', () => {
  it("splits weeks and months at midnight in the organization's time zone", async () => {
    expect(timeZone).toBe('Europe/Paris');
    const me = await signedInMember();
    // Sunday 30 March 2031, 23:30 in Paris (21:30 UTC, summer time began that morning) and Monday, 00:30.
    await earn(me.userId, 7, new TZDate(2031, 2, 30, 23, 30, timeZone));
    await earn(me.userId, 11, new TZDate(2031, 2, 31, 0, 30, timeZone));
    // 1 April 2031, 00:10 in Paris is still 31 March in UTC.
    await earn(me.userId, 13, new TZDate(2031, 3, 1, 0, 10, timeZone));
    t.clock.set(new TZDate(2031, 2, 30, 12, 0, timeZone));
    expect((await board(me.token, 'week')).me.points).toBe(7);
    t.clock.set(new TZDate(2031, 2, 31, 12, 0, timeZone));
    expect((await board(me.token, 'week')).me.points).toBe(11 + 13);
    expect((await board(me.token, 'month')).me.points).toBe(7 + 11);
    t.clock.set(new TZDate(2031, 3, 1, 12, 0, timeZone));
    expect((await board(me.token, 'week')).me.points).toBe(11 + 13);
    expect((await board(me.token, 'month')).me.points).toBe(13);
    expect((await board(me.token, 'all')).me.points).toBe(7 + 11 + 13);
    t.clock.set(NOW);
  });
});

describe('names', () => {
  it('hides the username of a member who chose so, and of an underage member until they choose to show it', async () => {
    const me = await signedInMember();
    const adult = await insertMember();
    const minor = await insertMember({ birthday: '2020-05-01' });
    await earn(adult, 2_000_000);
    await earn(minor, 1_900_000);
    let top = (await board(me.token, 'week')).rows;
    expect(top[0].name).not.toBeNull();
    expect(top[1]).toMatchObject({ points: 1_900_000, name: null });

    // The member's own switch.
    expect((await t.request('GET', '/api/leaderboards/name', { token: me.token })).body.data).toEqual({ shown: true, chosen: null });
    await earn(me.userId, 1_950_000);
    const hide = await t.request('PUT', '/api/leaderboards/name', { token: me.token, body: { shown: false } });
    expect(hide.body.data).toEqual({ shown: false, chosen: false });
    top = (await board(me.token, 'week')).rows;
    expect(top[1]).toMatchObject({ points: 1_950_000, name: null, me: true });
    await t.request('PUT', '/api/leaderboards/name', { token: me.token, body: { shown: true } });
    expect((await board(me.token, 'week')).rows[1].name).toBe(me.username);

    // An underage member who chooses to show their name.
    const young = await signedInMember();
    await t.db.update(users).set({ birthday: '2019-01-01' }).where(eq(users.id, young.userId));
    expect((await t.request('GET', '/api/leaderboards/name', { token: young.token })).body.data).toEqual({ shown: false, chosen: null });
    expect((await board(young.token, 'week')).me.name).toBeNull();
    await t.request('PUT', '/api/leaderboards/name', { token: young.token, body: { shown: true } });
    expect((await board(young.token, 'week')).me.name).toBe(young.username);
  });
});

describe('private leagues', () => {
  it('creates a league, joins it by invite code, ranks its members, and leaves it', async () => {
    const ann = await signedInMember();
    const bob = await signedInMember();
    const cyd = await signedInMember();
    const league = await createLeague(ann.token, '  Friday five-a-side  ');
    expect(league).toMatchObject({ name: 'Friday five-a-side', memberCount: 1, mine: true });

    const invite = await t.request('GET', `/api/leagues/invites/${league.inviteCode}`, { token: bob.token });
    expect(LeagueInviteResponseSchema.parse(invite.body).data).toEqual({
      id: league.id,
      name: league.name,
      memberCount: 1,
      member: false,
      invitedBy: ann.username,
    });
    expect((await join(bob.token, league.inviteCode)).body.data).toMatchObject({ id: league.id, memberCount: 2, mine: false });
    expect((await join(bob.token, league.inviteCode)).body.data.memberCount).toBe(2);
    expect((await join(cyd.token, league.inviteCode)).status).toBe(200);
    expect((await join(cyd.token, 'no-such-league-code')).status).toBe(404);
    expect((await t.request('GET', `/api/leagues/${league.id}/table`, { token: (await signedInMember()).token })).status).toBe(404);

    await earn(bob.userId, 30);
    await earn(cyd.userId, 30);
    let table = await leagueTable(ann.token, league.id);
    expect(table.rows.map((r) => [r.place, r.name, r.points])).toEqual([
      [1, expect.any(String), 30],
      [1, expect.any(String), 30],
      [3, ann.username, 0],
    ]);
    expect(table.me).toMatchObject({ place: 3, me: true });
    await earn(ann.userId, 31);
    table = await leagueTable(ann.token, league.id);
    expect(table.rows[0]).toMatchObject({ place: 1, name: ann.username, points: 31, me: true });

    expect((await t.request('DELETE', `/api/leagues/${league.id}/members/me`, { token: bob.token })).status).toBe(204);
    expect((await t.request('DELETE', `/api/leagues/${league.id}/members/me`, { token: bob.token })).status).toBe(404);
    expect((await t.request('GET', `/api/leagues/${league.id}/table`, { token: bob.token })).status).toBe(404);
    expect(LeagueListResponseSchema.parse((await t.request('GET', '/api/leagues', { token: bob.token })).body).data).toEqual([]);
    const [listed] = LeagueListResponseSchema.parse((await t.request('GET', '/api/leagues', { token: ann.token })).body).data;
    expect(listed).toMatchObject({ id: league.id, memberCount: 2 });
  });

  it('shows a visitor (organization key) what an invite is for and who started the league, never their hidden name', async () => {
    const ann = await signedInMember();
    const league = await createLeague(ann.token, 'Sunday league');
    const preview = await t.request('GET', `/api/leagues/invites/${league.inviteCode}`);
    expect(preview.status).toBe(200);
    expect(LeagueInviteResponseSchema.parse(preview.body).data).toEqual({
      id: league.id,
      name: 'Sunday league',
      memberCount: 1,
      member: false,
      invitedBy: ann.username,
    });
    expect((await t.request('GET', '/api/leagues/invites/no-such-league-code')).status).toBe(404);
    // Joining still needs a member.
    expect((await t.request('POST', `/api/leagues/invites/${league.inviteCode}`)).status).toBe(401);

    expect((await t.request('PUT', '/api/leaderboards/name', { token: ann.token, body: { shown: false } })).status).toBe(200);
    const hidden = await t.request('GET', `/api/leagues/invites/${league.inviteCode}`);
    expect(hidden.body.data.invitedBy).toBeNull();
  });

  it('answers 404 for a league id that cannot be one, never a server error', async () => {
    const me = await signedInMember();
    for (const id of ['marketing-emails', '123']) {
      expect((await t.request('GET', `/api/leagues/${id}/table?period=week`, { token: me.token })).status).toBe(404);
      expect((await t.request('DELETE', `/api/leagues/${id}/members/me`, { token: me.token })).status).toBe(404);
    }
  });

  it('refuses a member past the most a league holds (409 LeagueFull)', async () => {
    const owner = await signedInMember();
    const league = await createLeague(owner.token, 'Full house');
    const others = await Promise.all(Array.from({ length: LEAGUE_MAX_MEMBERS - 1 }, () => insertMember()));
    await t.db.insert(leagueMembers).values(others.map((userId) => ({ leagueId: league.id, userId })));
    const late = await signedInMember();
    const res = await join(late.token, league.inviteCode);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'LeagueFull', details: { maxMembers: LEAGUE_MAX_MEMBERS } });
    expect((await join(late.token, 'not a code!')).status).toBe(404);
  });

  it('refuses a league name that is blank or too long', async () => {
    const me = await signedInMember();
    expect((await t.request('POST', '/api/leagues', { token: me.token, body: { name: '   ' } })).status).toBe(422);
    expect((await t.request('POST', '/api/leagues', { token: me.token, body: { name: 'x'.repeat(61) } })).status).toBe(422);
  });
});

describe('erasure', () => {
  it('an erased member leaves every table and league', async () => {
    const ann = await signedInMember();
    const bob = await signedInMember();
    const league = await createLeague(ann.token, 'Erasure');
    await join(bob.token, league.inviteCode);
    await earn(bob.userId, 3_000_000);
    expect((await board(ann.token, 'week')).rows[0]).toMatchObject({ points: 3_000_000, name: bob.username });
    await t.db.update(users).set({ deletedAt: t.clock() }).where(eq(users.id, bob.userId));
    expect((await board(ann.token, 'week')).rows.some((r) => r.points === 3_000_000)).toBe(false);
    expect((await leagueTable(ann.token, league.id)).rows.map((r) => r.me)).toEqual([true]);
  });
});

describe('seasons', () => {
  it('starts a new season: new season tables, leagues and members kept, audit-logged', async () => {
    const ann = await signedInMember();
    const bob = await signedInMember();
    const league = await createLeague(ann.token, 'Season friends');
    await join(bob.token, league.inviteCode);

    const start = (name: string, startsAt: Date) =>
      t.request('POST', '/api/admin/seasons', { token: ops, body: { name, startsAt: startsAt.toISOString() } });
    const first = await start('2030/31', new Date(NOW.getTime() - 60 * 60_000));
    expect(first.status).toBe(201);
    expect(AdminSeasonResponseSchema.parse(first.body).data).toMatchObject({ name: '2030/31', current: true });
    await earn(ann.userId, 40);
    await earn(bob.userId, 20);
    let table = await leagueTable(bob.token, league.id, 'season');
    expect(table.season?.name).toBe('2030/31');
    expect(table.rows.map((r) => r.points)).toEqual([40, 20]);

    // A member cannot start a season; a season cannot start before the latest one.
    expect(
      (await t.request('POST', '/api/admin/seasons', { token: bob.token, body: { name: 'x', startsAt: NOW.toISOString() } })).status,
    ).toBe(403);
    const early = await start('too early', new Date(NOW.getTime() - 2 * 60 * 60_000));
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('SeasonOrder');

    // The reset: started a minute ago, so the points since then move to the new season.
    t.clock.set(new Date(NOW.getTime() + 2 * 60_000));
    await earn(bob.userId, 5, new Date(NOW.getTime() + 90_000));
    const second = await start('Second half', new Date(NOW.getTime() + 60_000));
    expect(second.status).toBe(201);
    table = await leagueTable(bob.token, league.id, 'season');
    expect(table.season?.name).toBe('Second half');
    expect(table.league.memberCount).toBe(2);
    expect(table.rows.map((r) => [r.place, r.points, r.me])).toEqual([
      [1, 5, true],
      [2, 0, false],
    ]);
    expect((await leagueTable(bob.token, league.id, 'all')).rows.map((r) => r.points)).toEqual([40, 25]);

    const seasons = (await t.request('GET', '/api/admin/seasons', { token: ops })).body.data;
    expect(seasons.map((s: { name: string; current: boolean }) => [s.name, s.current])).toEqual([
      ['Second half', true],
      ['2030/31', false],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'seasons'), eq(auditLog.action, 'create')));
    expect(audit.map((a) => a.after?.name)).toEqual(expect.arrayContaining(['2030/31', 'Second half']));
    t.clock.set(NOW);
  });
});
