/**
 * Daily check-in (ARCHITECTURE §5, spec §3): once per calendar day in the organization's time zone.
 * - `days` is the current streak of consecutive days; a streak is alive while the last check-in was today or
 *   yesterday. `eligibleForCheckin` is false once today is checked in.
 * - Streak day n earns the ladder's reward for day n, the ladder repeating (`rewardForStreakDay`, src/rules).
 * - A check-in queued offline carries `occurredAt`: honoured when at most 24 h old and at most 2 minutes
 *   ahead of the server clock (clock skew), else 422 CheckinTime.
 * - Idempotent by day: the second check-in for a day changes nothing (`created: false`); the award's ledger
 *   reference is `checkin:<day>`.
 * Known limit: a late check-in for an earlier day does not re-number later rows' streak.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { CheckinResult, CheckinStatus } from '../../src/contracts/checkin';
import type { Db } from '../db/client';
import { prepareStatement } from '../db/queries';
import { checkins, type CheckinRewardRow } from '../db/schema';
import { addDays, dayInZone } from '../../src/rules/calendar';
import { currentStreak, rewardForStreakDay } from '../../src/rules/checkin';
import { ApiError } from '../lib/errors';
import type { AppDeps, OrganizationRow } from '../lib/types';
import { executeAwardAfter, prepareAwardAfter } from './ledger';

const CHECKIN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CHECKIN_MAX_SKEW_MS = 2 * 60 * 1000;

/** Status from the last check-in (or none), as seen on `today`. */
function checkinStatus(
  rewards: CheckinRewardRow[],
  last: { day: string; streakDay: number } | undefined,
  today: string,
): CheckinStatus {
  const days = currentStreak(last, today);
  const eligible = !last || last.day < today;
  return {
    days,
    eligibleForCheckin: eligible,
    lastCheckinDay: last?.day ?? null,
    nextRewardPoints: rewardForStreakDay(rewards, days + 1),
    rewards: [...rewards].sort((a, b) => a.day - b.day),
  };
}

/**
 * The check-in's statements, prepared once per database (decision 0065): a check-in is the hottest write at
 * kick-off, and a prepared statement is neither rendered by drizzle nor planned by PostgreSQL again on each call.
 * `createApp` keeps them with the app's prepared statements (`deps.queries`, routed to the request transaction).
 */
export function prepareCheckinStatements(db: Db) {
  const userId = sql.placeholder('userId');
  /** `{userId}` -> the member's latest check-in `{day, streakDay}` (0 or 1 row). */
  const latestCheckin = db
    .select({ day: checkins.day, streakDay: checkins.streakDay })
    .from(checkins)
    .where(eq(checkins.userId, userId))
    .orderBy(desc(checkins.day))
    .limit(1);
  /** The day's row, when the member has none for the day yet: returns `{day}` when written. */
  const insert = db
    .insert(checkins)
    .values({
      userId,
      day: sql.placeholder('day'),
      streakDay: sql.placeholder('streakDay'),
      pointsAwarded: sql.placeholder('points'),
      occurredAt: sql.placeholder('occurredAt'),
      createdAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing({ target: [checkins.userId, checkins.day] })
    .returning({ day: checkins.day });
  return {
    latestCheckin: latestCheckin.prepare('podium_latest_checkin'),
    /**
     * `{userId, previousDay}` -> one row: the streak day of `previousDay` (null when none) and the latest check-in
     * (`day`, `streak_day`, null when none).
     */
    checkinStreak: prepareStatement<{ previous: number | null; day: string | null; streak_day: number | null }>(
      db,
      'podium_checkin_streak',
      sql`select (select ${checkins.streakDay} from ${checkins}
          where ${checkins.userId} = ${userId} and ${checkins.day} = ${sql.placeholder('previousDay')}) as previous,
        latest.day::text as day, latest.streak_day
        from (select 1) as one left join lateral ${latestCheckin} as latest on true`,
    ),
    /** The day's row without an award (a ladder day worth 0 points). */
    checkinInsert: insert.prepare('podium_checkin_insert'),
    /** The day's row and, when it was written, its award (`executeAwardAfter`). */
    checkinAward: prepareAwardAfter(db, 'podium_checkin_award', insert),
  };
}

/** The member's latest check-in (or none). */
async function lastCheckin(deps: AppDeps, userId: string) {
  const [last] = await deps.queries.latestCheckin.execute({ userId });
  return last;
}

/** `GET /checkin` for a member. */
export async function getCheckinStatus(deps: AppDeps, organization: OrganizationRow, userId: string) {
  const today = dayInZone(deps.clock(), organization.timeZone);
  return checkinStatus(organization.checkinRewards, await lastCheckin(deps, userId), today);
}

/**
 * One read for a check-in of `day`: the streak day of the day before (0 when none) and the latest check-in.
 */
async function streakBefore(deps: AppDeps, userId: string, day: string) {
  const { rows } = await deps.queries.checkinStreak.execute({ userId, previousDay: addDays(day, -1) });
  const [row] = rows;
  return {
    previousStreakDay: row.previous === null ? 0 : Number(row.previous),
    last: row.day === null ? undefined : { day: String(row.day), streakDay: Number(row.streak_day) },
  };
}

/**
 * Checks the member in for the day of `occurredAt` (default now).
 * @throws ApiError 422 CheckinTime when occurredAt is too old or in the future
 */
export async function checkIn(
  deps: AppDeps,
  organization: OrganizationRow,
  userId: string,
  occurredAtIso?: string,
): Promise<CheckinResult> {
  const now = deps.clock();
  const occurredAt = occurredAtIso ? new Date(occurredAtIso) : now;
  const age = now.getTime() - occurredAt.getTime();
  if (age > CHECKIN_MAX_AGE_MS || age < -CHECKIN_MAX_SKEW_MS) {
    throw new ApiError(422, 'CheckinTime', 'A check-in can only be recorded within 24 hours of when it was made', {
      occurredAt: occurredAt.toISOString(),
      serverTime: now.toISOString(),
    });
  }
  const day = dayInZone(occurredAt, organization.timeZone);
  const rewards = organization.checkinRewards;
  // Two statements and no transaction of its own: one read, then the check-in row and its award written by one
  // statement (the award only when the row is new), so a burst of check-ins costs two round trips each.
  const { previousStreakDay, last: before } = await streakBefore(deps, userId, day);
  const streakDay = previousStreakDay + 1;
  const points = rewardForStreakDay(rewards, streakDay);
  const row = { userId, day, streakDay, points, occurredAt, createdAt: now };
  let created: boolean;
  if (points > 0) {
    const award = { userId, amount: points, reason: 'checkin' as const, reference: `checkin:${day}`, label: `Daily check-in, day ${streakDay}` };
    created = (await executeAwardAfter(deps.queries.checkinAward, row, award)).passed;
  } else {
    created = (await deps.queries.checkinInsert.execute(row)).length > 0;
  }
  // The latest check-in after this one: this day when it is the newest; read again only when another request
  // wrote this day meanwhile (its streak day is not known here).
  const last = !created ? await lastCheckin(deps, userId) : !before || before.day < day ? { day, streakDay } : before;
  const today = dayInZone(now, organization.timeZone);
  return {
    ...checkinStatus(rewards, last, today),
    day,
    pointsAwarded: created ? points : 0,
    created,
  };
}
