/**
 * Daily check-in display rules (spec §3 Check-in: days, eligibleForCheckin; ARCHITECTURE §5: `days` is the
 * current streak of consecutive days, `eligibleForCheckin` is false once checked in today).
 * Pure functions: the 7-day streak strip and the optimistic update; the reward ladder is `src/rules/checkin.ts`.
 */
import type { CheckinStatus } from '../../contracts/checkin';
import { rewardForStreakDay } from '../../rules/checkin';

/** Days shown in the streak strip. */
const STREAK_WEEK_LENGTH = 7;

/** One cell of the streak strip. */
interface StreakDay {
  /** Streak day number (1-based, counting from the start of the streak). */
  day: number;
  /** `done` earlier, `checked-today`, `today` (still to do), `upcoming`. */
  state: 'done' | 'checked-today' | 'today' | 'upcoming';
  /** Points the check-in of that day earns. */
  points: number;
}

/** True when the member has already checked in today. */
export function hasCheckedInToday(status: Pick<CheckinStatus, 'days' | 'eligibleForCheckin'>): boolean {
  return !status.eligibleForCheckin && status.days > 0;
}

/**
 * The 7-day strip around today: the current week of the streak (days 1-7, 8-14, ...), with today's cell
 * marked `today` (to do) or `checked-today`.
 */
export function getStreakWeek(status: Pick<CheckinStatus, 'days' | 'eligibleForCheckin' | 'rewards'>): StreakDay[] {
  const todayDay = hasCheckedInToday(status) ? status.days : status.days + 1;
  const weekStart = todayDay - ((todayDay - 1) % STREAK_WEEK_LENGTH);
  return Array.from({ length: STREAK_WEEK_LENGTH }, (_, i) => {
    const day = weekStart + i;
    let state: StreakDay['state'] = 'upcoming';
    if (day < todayDay) state = 'done';
    else if (day === todayDay) state = hasCheckedInToday(status) ? 'checked-today' : 'today';
    return { day, state, points: rewardForStreakDay(status.rewards, day) };
  });
}

/**
 * Optimistic state after a tap on "Check in" (before the server answers): no longer eligible, streak + 1,
 * next reward = the following day's. Returns the same object when already checked in today.
 */
export function applyOptimisticCheckin(status: CheckinStatus): CheckinStatus {
  if (!status.eligibleForCheckin) return status;
  const days = status.days + 1;
  return {
    ...status,
    days,
    eligibleForCheckin: false,
    nextRewardPoints: rewardForStreakDay(status.rewards, days + 1) || status.nextRewardPoints,
  };
}
