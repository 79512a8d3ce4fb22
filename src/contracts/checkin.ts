/**
 * Daily check-in wire format: spec §3 (days, eligibleForCheckin), ARCHITECTURE §5
 * (streak in the organization's time zone; a queued check-in carries `occurredAt`, honoured if <= 24 h old
 * and not in the future).
 */
import { z } from 'zod';
import { DateOnlySchema, envelope, TimestampSchema } from './common';

export const CheckinRewardSchema = z.object({
  /** Streak day this reward applies to (1-based). */
  day: z.number().int().positive(),
  points: z.number().int().nonnegative(),
});

export type CheckinReward = z.infer<typeof CheckinRewardSchema>;

/** A rule broken by a check-in ladder an operator wrote: the rung's index (or null for the whole ladder) and why. */
type LadderProblem = { index: number | null; message: string };

/**
 * Whether an operator's ladder is well formed: at least one rung, rungs for days 1..n in that order (consecutive,
 * each day once: a day that pays nothing is written with 0 points, so the cycle's length is plain to read), points
 * >= 0 and whole.
 * @returns the problems found, [] when the ladder is valid
 */
export function checkinLadderProblems(rewards: readonly CheckinReward[]): LadderProblem[] {
  if (rewards.length === 0) return [{ index: null, message: 'At least one day' }];
  const problems: LadderProblem[] = [];
  rewards.forEach((rung, i) => {
    if (rung.day !== i + 1) problems.push({ index: i, message: `Days run 1..${rewards.length} in order: expected day ${i + 1}` });
    if (!Number.isInteger(rung.points) || rung.points < 0) problems.push({ index: i, message: 'Points cannot be negative' });
  });
  return problems;
}

export const CheckinStatusSchema = z.object({
  /** Current streak of consecutive days, including today if checked in. */
  days: z.number().int().nonnegative(),
  eligibleForCheckin: z.boolean(),
  /** Last day checked in (organization time zone), or null. */
  lastCheckinDay: DateOnlySchema.nullable(),
  /** Points the next check-in would earn. */
  nextRewardPoints: z.number().int().nonnegative(),
  /** The organization's reward table (a cycle of days). */
  rewards: z.array(CheckinRewardSchema),
});
export type CheckinStatus = z.infer<typeof CheckinStatusSchema>;
export const CheckinStatusResponseSchema = envelope(CheckinStatusSchema);

/** `POST /checkin` body; `occurredAt` is set by the offline queue (time the fan tapped). */
export const CheckinCreateSchema = z.object({ occurredAt: TimestampSchema.optional() }).strict();
export type CheckinCreate = z.infer<typeof CheckinCreateSchema>;

export const CheckinResultSchema = CheckinStatusSchema.extend({
  /** Day credited (organization time zone). */
  day: DateOnlySchema,
  pointsAwarded: z.number().int().nonnegative(),
  /** False when this day was already credited (idempotent replay). */
  created: z.boolean(),
});
export type CheckinResult = z.infer<typeof CheckinResultSchema>;
export const CheckinResultResponseSchema = envelope(CheckinResultSchema);
