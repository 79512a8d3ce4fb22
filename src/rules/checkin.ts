/**
 * Check-in reward ladder and streak (spec §3 Check-in; ARCHITECTURE §5).
 * - Each ladder rung `{day, points}` is the reward of streak day `day` (the contract's meaning of `day`); the
 *   ladder repeats as a cycle whose length is its highest `day`. A day without a rung earns 0, so a ladder with
 *   gaps ({1, 3, 7}) pays on days 1, 3 and 7, not on the first three days.
 * - A streak is alive while the last check-in was today or yesterday (organization time zone).
 */
import type { CheckinReward } from '../contracts/checkin';
import { addDays } from './calendar';

/**
 * Points of the check-in on streak day `day` (1-based).
 * @param rewards the organization's ladder, any order
 * @returns points; 0 without rewards, for day < 1, or on a day the ladder has no rung for
 */
export function rewardForStreakDay(rewards: readonly CheckinReward[], day: number): number {
  if (rewards.length === 0 || day < 1) return 0;
  const cycle = Math.max(...rewards.map((r) => r.day));
  const inCycle = ((day - 1) % cycle) + 1;
  return rewards.find((r) => r.day === inCycle)?.points ?? 0;
}

/**
 * The current streak length on `today`: the last check-in's streak day while it was today or yesterday, else 0.
 * @param last the last check-in (`day` as `YYYY-MM-DD`, its streak day), or undefined
 * @param today `YYYY-MM-DD` in the organization's time zone
 */
export function currentStreak(last: { day: string; streakDay: number } | undefined, today: string): number {
  return last !== undefined && last.day >= addDays(today, -1) ? last.streakDay : 0;
}
