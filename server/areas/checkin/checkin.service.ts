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
import type { CheckinResult, CheckinStatus } from '../../../src/contracts/checkin';
import { currentTransaction } from '../../db/runtime';
import type { CheckinRewardRow } from '../../db/schema';
import { addDays, dayInZone } from '../../../src/rules/calendar';
import { currentStreak, rewardForStreakDay } from '../../../src/rules/checkin';
import { ApiError } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { OrganizationRow } from '../../lib/app-env';
import { createCheckinBatches, prepareCheckinStatements } from './checkin.statements';

const CHECKIN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CHECKIN_MAX_SKEW_MS = 2 * 60 * 1000;

/** Status from the last check-in (or none), as seen on `today`. */
function checkinStatus(rewards: CheckinRewardRow[], last: { day: string; streakDay: number } | undefined, today: string): CheckinStatus {
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

/** The member's latest check-in (or none). */
async function lastCheckin(deps: AppDeps, userId: string) {
  const [last] = await deps.prepared(prepareCheckinStatements).latestCheckin.execute({ userId });
  return last;
}

/** `GET /checkin` for a member. */
export async function getCheckinStatus(deps: AppDeps, organization: OrganizationRow, userId: string) {
  const today = dayInZone(deps.clock(), organization.timeZone);
  return checkinStatus(organization.checkinRewards, await lastCheckin(deps, userId), today);
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
  // Two statements, each shared with the other check-ins of the turn in the same transaction (a group of keyed
  // requests) or outside any: the streak read, then the day's row with its award (only when the row is new).
  const tx = currentTransaction();
  const { previousStreakDay, last: before } = await deps
    .prepared(createCheckinBatches)
    .streak(tx, { userId, previousDay: addDays(day, -1) });
  const streakDay = previousStreakDay + 1;
  const points = rewardForStreakDay(rewards, streakDay);
  const created = await deps.prepared(createCheckinBatches).write(tx, { userId, day, streakDay, points, occurredAt, createdAt: now });
  // The latest check-in after this one: this day when it is the newest; read again (with the turn's other reads)
  // only when another request wrote this day meanwhile (its streak day is not known here).
  const last = !created
    ? (await deps.prepared(createCheckinBatches).streak(tx, { userId, previousDay: addDays(day, -1) })).last
    : !before || before.day < day
      ? { day, streakDay }
      : before;
  const today = dayInZone(now, organization.timeZone);
  return {
    ...checkinStatus(rewards, last, today),
    day,
    pointsAwarded: created ? points : 0,
    created,
  };
}
