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
import { and, desc, eq } from 'drizzle-orm';
import type { CheckinResult, CheckinStatus } from '../../src/contracts/checkin';
import type { DbOrTx } from '../db/client';
import { checkins, type CheckinRewardRow } from '../db/schema';
import { addDays, dayInZone } from '../../src/rules/calendar';
import { currentStreak, rewardForStreakDay } from '../../src/rules/checkin';
import { ApiError } from '../lib/errors';
import type { AppDeps, OrganizationRow } from '../lib/types';
import { awardPoints } from './ledger';

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

async function lastCheckin(db: DbOrTx, userId: string) {
  const [last] = await db
    .select({ day: checkins.day, streakDay: checkins.streakDay })
    .from(checkins)
    .where(eq(checkins.userId, userId))
    .orderBy(desc(checkins.day))
    .limit(1);
  return last;
}

/** `GET /checkin` for a member. */
export async function getCheckinStatus(deps: AppDeps, organization: OrganizationRow, userId: string) {
  const today = dayInZone(deps.clock(), organization.timeZone);
  return checkinStatus(organization.checkinRewards, await lastCheckin(deps.db, userId), today);
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
  const result = await deps.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ streakDay: checkins.streakDay })
      .from(checkins)
      .where(and(eq(checkins.userId, userId), eq(checkins.day, addDays(day, -1))));
    const streakDay = (previous?.streakDay ?? 0) + 1;
    const points = rewardForStreakDay(rewards, streakDay);
    const [created] = await tx
      .insert(checkins)
      .values({ userId, day, streakDay, pointsAwarded: points, occurredAt, createdAt: now })
      .onConflictDoNothing({ target: [checkins.userId, checkins.day] })
      .returning();
    if (created && points > 0) {
      await awardPoints(tx, { userId, amount: points, reason: 'checkin', reference: `checkin:${day}`, label: `Daily check-in, day ${streakDay}` });
    }
    return { created: Boolean(created), pointsAwarded: created ? points : 0 };
  });
  const today = dayInZone(now, organization.timeZone);
  return {
    ...checkinStatus(rewards, await lastCheckin(deps.db, userId), today),
    day,
    pointsAwarded: result.pointsAwarded,
    created: result.created,
  };
}
