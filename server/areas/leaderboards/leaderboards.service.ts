/**
 * Leaderboards, seasons and private leagues (decision 0061).
 *
 * Scores are kept by the ledger's insert trigger in `leaderboard_scores` (migration 0011): one row per member and
 * period (`week`, `month`, `season`, `all`) holding the points EARNED in it (positive ledger rows, operators'
 * positive adjustments included as they make good an award; spends never lower a standing). A table is then an
 * index range read in points order: the top rows with `rank()` (standard competition ranking, 1, 2, 2, 4) and the
 * member's own place as 1 + the number of members above them, a count over the same index. Week and month are
 * those of the organization's time zone, computed by PostgreSQL (`podium_period_key`), the same function the
 * trigger uses. `npm run bench:leaderboards` times the reads on 100,000 members.
 *
 * Names: a member's username shows unless they chose to hide it; underage members (`src/rules/underage.ts`) are
 * hidden until they choose to show it.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminSeason, AdminSeasonInput } from '../../../src/contracts/admin/season';
import { LEAGUE_MAX_MEMBERS } from '../../../src/contracts/leaderboard';
import type {
  League,
  LeagueInvite,
  Leaderboard,
  LeaderboardName,
  LeaderboardPeriod,
  LeaderboardRow,
  LeagueTable,
  Season,
} from '../../../src/contracts/leaderboard';
import { isUnderage } from '../../../src/rules/underage';
import { rowsOf, type Db, type DbOrTx } from '../../db/client';
import { leaderboardNames, leagueMembers, leagues, seasons } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { OrganizationRow, UserRow } from '../../lib/app-env';
import { recordAudit, type Actor } from '../../kernel/audit';

/** Rows of the organization-wide table above the member's own row. */
const LEADERBOARD_TOP = 50;

/**
 * The organization's current season at `now`: the latest that has started, or null before the first.
 * @returns the season, as fans see it
 */
async function currentSeason(db: DbOrTx, organizationId: string, now: Date): Promise<Season | null> {
  const [row] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.organizationId, organizationId), sql`${seasons.startsAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(desc(seasons.startsAt))
    .limit(1);
  return row ? { id: row.id, name: row.name, startsAt: row.startsAt.toISOString() } : null;
}

/** The `period_key` of `period` at `now` as SQL (null for `season` before the first season). */
function periodKey(period: LeaderboardPeriod, now: Date, timeZone: string, season: Season | null): SQL {
  switch (period) {
    case 'week':
    case 'month':
      return sql`podium_period_key(${period}, ${now.toISOString()}::timestamptz, ${timeZone}::text)`;
    case 'season':
      return sql`${season?.id ?? null}::text`;
    case 'all':
      return sql`''`;
  }
}

/** A table row as the statements answer it. */
type ScoreRow = {
  user_id: string;
  points: number | string;
  place: number | string;
  username: string | null;
  birthday: string | null;
  shown: boolean | null;
};

/**
 * Whether tables show a member's username: their own choice, else shown unless underage at `now` in `timeZone`.
 * @param chosen the member's choice (`leaderboard_names.shown`), null when they never chose
 */
function nameShown(chosen: boolean | null, birthday: string | null, now: Date, timeZone: string): boolean {
  return chosen ?? !isUnderage(birthday, now, timeZone);
}

function toRow(row: ScoreRow, me: string, now: Date, timeZone: string): LeaderboardRow {
  const shown = nameShown(row.shown, row.birthday, now, timeZone);
  return { place: Number(row.place), name: shown ? row.username : null, points: Number(row.points), me: row.user_id === me };
}

/** Who is reading a table: the member and their organization (its id and IANA time zone). */
type Reader = { organization: Pick<OrganizationRow, 'id' | 'timeZone'>; user: Pick<UserRow, 'id'> };

/**
 * The organization-wide table of `period` at `now`: the top {@link LEADERBOARD_TOP} rows and the member's own row.
 * The own place is 1 + the number of members with more points (0 points: after everyone who earned).
 */
export async function readLeaderboard(
  db: DbOrTx,
  reader: Reader,
  period: LeaderboardPeriod,
  now: Date,
  limit = LEADERBOARD_TOP,
): Promise<Leaderboard> {
  const { organization, user } = reader;
  const season = await currentSeason(db, organization.id, now);
  const key = periodKey(period, now, organization.timeZone, season);
  // The top rows are read from the scores alone, in the index's order (a limit over an index range), then ranked
  // and joined to names: ranking or joining first would sort the whole table. Ranks over the top rows are exact, as
  // a place depends only on the rows above it.
  const top = await rowsOf<ScoreRow>(
    db,
    sql`
    select t.user_id, t.points, rank() over (order by t.points desc) as place, u.username, u.birthday::text as birthday, n.shown
    from (
      select user_id, points from leaderboard_scores
      where organization_id = ${organization.id} and period = ${period} and period_key = ${key}
      order by points desc nulls last, user_id
      limit ${limit}
    ) t
    join users u on u.id = t.user_id
    left join leaderboard_names n on n.user_id = t.user_id
    order by t.points desc, t.user_id`,
  );
  const rows = top.map((r) => toRow(r, user.id, now, organization.timeZone));
  let own = rows.find((r) => r.me);
  if (!own) {
    const [mine] = await rowsOf<ScoreRow>(
      db,
      sql`
      with mine as (
        select coalesce((select points from leaderboard_scores
          where user_id = ${user.id} and period = ${period} and period_key = ${key}), 0) as points)
      select u.id as user_id, mine.points, u.username, u.birthday::text as birthday, n.shown,
        1 + (select count(*) from leaderboard_scores s
          where s.organization_id = ${organization.id} and s.period = ${period} and s.period_key = ${key} and s.points > mine.points) as place
      from users u cross join mine left join leaderboard_names n on n.user_id = u.id
      where u.id = ${user.id}`,
    );
    own = toRow(mine, user.id, now, organization.timeZone);
  }
  return { period, season, rows, me: own, computedAt: now.toISOString() };
}

/**
 * The member's name choice for tables.
 * @param user the member's row (its birthday decides the default)
 */
export async function readNameChoice(
  db: DbOrTx,
  organization: Pick<OrganizationRow, 'timeZone'>,
  user: Pick<UserRow, 'id' | 'birthday'>,
  now: Date,
): Promise<LeaderboardName> {
  const [row] = await db.select({ shown: leaderboardNames.shown }).from(leaderboardNames).where(eq(leaderboardNames.userId, user.id));
  const chosen = row?.shown ?? null;
  return { chosen, shown: nameShown(chosen, user.birthday, now, organization.timeZone) };
}

/** Stores the member's choice to show (true) or hide (false) their username in tables. */
export async function chooseName(db: DbOrTx, userId: string, shown: boolean): Promise<void> {
  await db
    .insert(leaderboardNames)
    .values({ userId, shown })
    .onConflictDoUpdate({ target: leaderboardNames.userId, set: { shown, updatedAt: sql`now()` } });
}

/** A new invite code: 9 random bytes, base64url (12 characters). */
const newInviteCode = () => randomBytes(9).toString('base64url');

type LeagueRow = typeof leagues.$inferSelect;

async function memberCount(db: DbOrTx, leagueId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leagueMembers).where(eq(leagueMembers.leagueId, leagueId));
  return Number(row.n);
}

const toLeague = (row: LeagueRow, members: number, userId: string): League => ({
  id: row.id,
  name: row.name,
  inviteCode: row.inviteCode,
  memberCount: members,
  mine: row.createdBy === userId,
});

/** Creates a league named `name` with the member as its first member. */
export async function createLeague(database: Db, reader: Reader, name: string): Promise<League> {
  // One transaction: the checks and the writes they allow stand or fall together.
  return database.transaction(async (db) => {
    const [row] = await db
      .insert(leagues)
      .values({ organizationId: reader.organization.id, name, inviteCode: newInviteCode(), createdBy: reader.user.id })
      .returning();
    await db.insert(leagueMembers).values({ leagueId: row.id, userId: reader.user.id });
    return toLeague(row, 1, reader.user.id);
  });
}

/** The leagues the member belongs to, by name. */
export async function listLeagues(db: DbOrTx, reader: Reader): Promise<League[]> {
  const rows = await db
    .select({ league: leagues, members: sql<number>`(select count(*) from league_members m where m.league_id = ${leagues.id})` })
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .where(and(eq(leagueMembers.userId, reader.user.id), eq(leagues.organizationId, reader.organization.id)))
    .orderBy(leagues.name, leagues.id);
  return rows.map((r) => toLeague(r.league, Number(r.members), reader.user.id));
}

/** @throws ApiError 404 NotFound when no league of the organization has this invite code */
async function leagueByCode(db: DbOrTx, organizationId: string, code: string): Promise<LeagueRow> {
  const [row] = await db
    .select()
    .from(leagues)
    .where(and(eq(leagues.inviteCode, code), eq(leagues.organizationId, organizationId)));
  if (!row) throw notFound('No league has this invite link');
  return row;
}

async function isMember(db: DbOrTx, leagueId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: leagueMembers.userId })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  return row !== undefined;
}

/**
 * The username of the league's creator as tables show it at `now` (their choice, else hidden while underage), or
 * null when hidden, missing or erased.
 */
async function creatorName(db: DbOrTx, createdBy: string | null, now: Date, timeZone: string): Promise<string | null> {
  if (!createdBy) return null;
  const [row] = await rowsOf<{ username: string | null; birthday: string | null; shown: boolean | null; deleted: boolean }>(
    db,
    sql`
    select u.username, u.birthday::text as birthday, n.shown, u.deleted_at is not null as deleted
    from users u left join leaderboard_names n on n.user_id = u.id
    where u.id = ${createdBy}`,
  );
  if (!row || row.deleted) return null;
  return nameShown(row.shown, row.birthday, now, timeZone) ? row.username : null;
}

/**
 * What an invite link shows before joining: the league's name and size and who started it. Open to
 * a visitor (`reader.user` null), so the sign-in page can say what they were invited to; `member` is then false.
 * @throws ApiError 404 NotFound for an unknown code
 */
export async function readInvite(
  db: DbOrTx,
  reader: { organization: Reader['organization']; user: Reader['user'] | null },
  code: string,
  now: Date,
): Promise<LeagueInvite> {
  const row = await leagueByCode(db, reader.organization.id, code);
  return {
    id: row.id,
    name: row.name,
    memberCount: await memberCount(db, row.id),
    member: reader.user ? await isMember(db, row.id, reader.user.id) : false,
    invitedBy: await creatorName(db, row.createdBy, now, reader.organization.timeZone),
  };
}

/**
 * Joins the league of an invite link; joining a league one belongs to changes nothing.
 * @throws ApiError 404 NotFound for an unknown code; 409 LeagueFull at {@link LEAGUE_MAX_MEMBERS} members
 */
export async function joinLeague(database: Db, reader: Reader, code: string): Promise<League> {
  // One transaction: the checks and the writes they allow stand or fall together.
  return database.transaction(async (db) => {
    const row = await leagueByCode(db, reader.organization.id, code);
    // Joins of one league queue on its row, so the member count is exact.
    await db.execute(sql`select id from leagues where id = ${row.id} for update`);
    if (!(await isMember(db, row.id, reader.user.id))) {
      if ((await memberCount(db, row.id)) >= LEAGUE_MAX_MEMBERS) {
        throw new ApiError(409, 'LeagueFull', 'This league is full', { maxMembers: LEAGUE_MAX_MEMBERS });
      }
      await db.insert(leagueMembers).values({ leagueId: row.id, userId: reader.user.id }).onConflictDoNothing();
    }
    return toLeague(row, await memberCount(db, row.id), reader.user.id);
  });
}

/**
 * The league `leagueId` of the organization, when the member belongs to it.
 * @throws ApiError 404 NotFound otherwise (a league one is not in is not shown)
 */
async function myLeague(db: DbOrTx, reader: Reader, leagueId: string): Promise<LeagueRow> {
  if (!isUuid(leagueId)) throw notFound('League not found');
  const [row] = await db
    .select({ league: leagues })
    .from(leagues)
    .innerJoin(leagueMembers, and(eq(leagueMembers.leagueId, leagues.id), eq(leagueMembers.userId, reader.user.id)))
    .where(and(eq(leagues.id, leagueId), eq(leagues.organizationId, reader.organization.id)));
  if (!row) throw notFound('League not found');
  return row.league;
}

/**
 * Leaves a league; the last member to leave deletes it.
 * @throws ApiError 404 NotFound when the member is not in it
 */
export async function leaveLeague(database: Db, reader: Reader, leagueId: string): Promise<void> {
  // One transaction: the checks and the writes they allow stand or fall together.
  return database.transaction(async (db) => {
    const row = await myLeague(db, reader, leagueId);
    await db.delete(leagueMembers).where(and(eq(leagueMembers.leagueId, row.id), eq(leagueMembers.userId, reader.user.id)));
    if ((await memberCount(db, row.id)) === 0) await db.delete(leagues).where(eq(leagues.id, row.id));
  });
}

/**
 * A league's table of `period` at `now`: every member, those who earned nothing at 0 points.
 * @throws ApiError 404 NotFound when the member is not in the league
 */
export async function readLeagueTable(
  db: DbOrTx,
  reader: Reader,
  leagueId: string,
  period: LeaderboardPeriod,
  now: Date,
): Promise<LeagueTable> {
  const { organization, user } = reader;
  const league = await myLeague(db, reader, leagueId);
  const season = await currentSeason(db, organization.id, now);
  const key = periodKey(period, now, organization.timeZone, season);
  const found = await rowsOf<ScoreRow>(
    db,
    sql`
    select m.user_id, coalesce(s.points, 0) as points, rank() over (order by coalesce(s.points, 0) desc) as place,
      u.username, u.birthday::text as birthday, n.shown
    from league_members m
    join users u on u.id = m.user_id
    left join leaderboard_scores s on s.user_id = m.user_id and s.period = ${period} and s.period_key = ${key}
    left join leaderboard_names n on n.user_id = m.user_id
    where m.league_id = ${league.id}
    order by 2 desc, m.created_at, m.user_id`,
  );
  const rows = found.map((r) => toRow(r, user.id, now, organization.timeZone));
  const me = rows.find((r) => r.me)!;
  return { period, season, rows, me, computedAt: now.toISOString(), league: toLeague(league, rows.length, user.id) };
}

/** The organization's seasons, newest first; `current` marks the one fans see at `now`. */
export async function listSeasons(db: DbOrTx, organizationId: string, now: Date): Promise<AdminSeason[]> {
  const rows = await db.select().from(seasons).where(eq(seasons.organizationId, organizationId)).orderBy(desc(seasons.startsAt));
  const current = rows.find((r) => r.startsAt <= now);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startsAt: r.startsAt.toISOString(),
    current: r === current,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Starts a new season (audit-logged: entity `seasons`, action `create`). Its `season` tables count from `startsAt`;
 * leagues and their members are untouched. A start already past moves the points earned since then from the
 * previous season's tables to the new one's (both are recomputed from the ledger).
 * @throws ApiError 409 SeasonOrder when `startsAt` is not after the latest season's start
 */
export async function startSeason(db: DbOrTx, actor: Actor, input: AdminSeasonInput, now: Date): Promise<AdminSeason> {
  const organizationId = actor.organizationId;
  // One season start at a time per organization: the order check and the recount see every earlier start.
  await db.execute(sql`select id from organizations where id = ${organizationId} for update`);
  const [latest] = await db
    .select()
    .from(seasons)
    .where(eq(seasons.organizationId, organizationId))
    .orderBy(desc(seasons.startsAt))
    .limit(1);
  const startsAt = new Date(input.startsAt);
  if (latest && startsAt <= latest.startsAt) {
    throw new ApiError(409, 'SeasonOrder', 'A new season starts after the latest one', { latestStartsAt: latest.startsAt.toISOString() });
  }
  const [row] = await db.insert(seasons).values({ organizationId, name: input.name, startsAt }).returning();
  if (startsAt <= now) {
    const recount = (id: string, from: Date, to: Date | null) =>
      db.execute(sql`
      insert into leaderboard_scores (organization_id, period, period_key, user_id, points)
      select ${organizationId}, 'season', ${id}, user_id, sum(amount)::int from point_transactions
      where organization_id = ${organizationId} and amount > 0 and created_at >= ${from.toISOString()}::timestamptz
        and (${to?.toISOString() ?? null}::timestamptz is null or created_at < ${to?.toISOString() ?? null}::timestamptz)
      group by user_id`);
    const keys = latest ? [row.id, latest.id] : [row.id];
    await db.execute(
      sql`delete from leaderboard_scores where organization_id = ${organizationId} and period = 'season' and period_key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    if (latest) await recount(latest.id, latest.startsAt, startsAt);
    await recount(row.id, startsAt, null);
  }
  await recordAudit(db, actor, {
    entity: 'seasons',
    entityId: row.id,
    action: 'create',
    before: null,
    after: { name: row.name, startsAt: row.startsAt.toISOString() },
  });
  return {
    id: row.id,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    current: startsAt <= now,
    createdAt: row.createdAt.toISOString(),
  };
}
