/**
 * Admin contract of the console's overview: `GET /api/admin/overview` answers what an operator
 * acts on this week, in one request: content live now, content starting within the next 7 days, pick'ems past their
 * lock without a result, sweepstakes ended and not drawn, prizes drawn and not claimed, and notifications waiting
 * to be sent. Each list holds at most `OVERVIEW_LIST_LIMIT` items, soonest first, beside the count of all of them.
 * Instants are ISO 8601 with offset. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';

/** Most items a list of the overview carries (its `total` counts them all). */
export const OVERVIEW_LIST_LIMIT = 20;

/** How far ahead "scheduled this week" looks, in days from now. */
export const OVERVIEW_WEEK_DAYS = 7;

/** The content resources the overview lists (console paths). */
const OVERVIEW_CONTENT_RESOURCES = ['challenges', 'stories', 'sweepstakes', 'activations', 'venue-events'] as const;
const OverviewContentResourceSchema = z.enum(OVERVIEW_CONTENT_RESOURCES);

const CountSchema = z.number().int().nonnegative();
const IdSchema = z.string().min(1).max(64);
const TitleSchema = z.string().max(2000);

/** A content item live now or starting within the week; `end` null = no end. */
const OverviewContentSchema = z.object({
  resource: OverviewContentResourceSchema,
  id: IdSchema,
  title: TitleSchema,
  start: TimestampSchema,
  end: TimestampSchema.nullable(),
});

/** A pick'em whose picks locked at `lockedAt` and whose result is not entered yet. */
const OverviewPickemSchema = z.object({ id: IdSchema, title: TitleSchema, lockedAt: TimestampSchema });

/** A sweepstake that ended at `endsAt` and was not drawn. */
const OverviewDrawSchema = z.object({ id: IdSchema, title: TitleSchema, endsAt: TimestampSchema });

/** A winner (place `place`) of sweepstake `sweepstakeId` who has not claimed; `claimBy` is the claim deadline. */
const OverviewPrizeSchema = z.object({
  sweepstakeId: IdSchema,
  title: TitleSchema,
  place: z.number().int().min(1),
  drawnAt: TimestampSchema,
  claimBy: TimestampSchema,
});

/** A notification waiting to be sent at `sendAt`. */
const OverviewNotificationSchema = z.object({ id: IdSchema, title: TitleSchema, sendAt: TimestampSchema });

/** A list of the overview: up to `OVERVIEW_LIST_LIMIT` items and the count of all. */
const listOf = <T extends z.ZodType>(item: T) => z.object({ total: CountSchema, items: z.array(item).max(OVERVIEW_LIST_LIMIT) });

/**
 * The overview: `now` and the end of the week it looks at, then one list per kind of work: `live` content (ending
 * soonest first, no end last) and `scheduled` content (starting in `(now, weekEnd]`, soonest first).
 */
export const OverviewSchema = z.object({
  now: TimestampSchema,
  weekEnd: TimestampSchema,
  live: listOf(OverviewContentSchema),
  scheduled: listOf(OverviewContentSchema),
  pickems: listOf(OverviewPickemSchema),
  draws: listOf(OverviewDrawSchema),
  prizes: listOf(OverviewPrizeSchema),
  notifications: listOf(OverviewNotificationSchema),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const OverviewResponseSchema = envelope(OverviewSchema);
