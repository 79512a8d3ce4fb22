/**
 * Admin contract of the figures a club watches: `GET /api/admin/figures?period=` answers every
 * figure of the period at once, `GET /api/admin/figures.csv?period=&figure=` one figure as CSV.
 *
 * Days are calendar days of the organization's time zone, `from`..`to` inclusive, every day listed (a day with
 * nothing is 0). A period is `today`, `7d` (today and the 6 days before), `30d` (today and the 29 before) or
 * `season` (since the most recent 1 July; rule: `src/rules/figures-period.ts`). Imports only zod.
 */
import { z } from 'zod';
import { DateOnlySchema, envelope } from '../common';

/** The periods an operator can pick. */
export const FIGURES_PERIODS = ['today', '7d', '30d', 'season'] as const;
export const FiguresPeriodSchema = z.enum(FIGURES_PERIODS);
export type FiguresPeriod = z.infer<typeof FiguresPeriodSchema>;

/**
 * The figures that export as CSV, one file each: six by day (`members`, `checkins`, `points`, `sweepstake-entries`,
 * `video-views`, `article-reads`) and two by item (`challenges`, `stories`).
 */
export const FIGURE_NAMES = [
  'members',
  'checkins',
  'points',
  'sweepstake-entries',
  'video-views',
  'article-reads',
  'challenges',
  'stories',
] as const;
export const FigureNameSchema = z.enum(FIGURE_NAMES);
export type FigureName = z.infer<typeof FigureNameSchema>;

/** `GET /api/admin/figures` query: the period, 7 days when absent. */
export const FiguresQuerySchema = z.object({ period: FiguresPeriodSchema.default('7d') });

/** `GET /api/admin/figures.csv` query: the period and which figure. */
export const FiguresCsvQuerySchema = FiguresQuerySchema.extend({ figure: FigureNameSchema });

const CountSchema = z.number().int().nonnegative();

/** A count by day: `count` things happened on `day` (`YYYY-MM-DD`, organization time zone). */
const DayCountSchema = z.object({ day: DateOnlySchema, count: CountSchema });

/** A figure counted by day, with its total over the period. */
const DailyCountFigureSchema = z.object({ total: CountSchema, days: z.array(DayCountSchema) });

/**
 * Members: `total` members at the end of the period (deleted accounts left out), `new` members who joined in the
 * period, `active` distinct members active in the period; by day, `new` joined and `active` were active that day.
 * A member is active on a day when they have a ledger row, a check-in, a challenge or trivia answer, a video view,
 * an article read, a story chapter view or a sweepstake entry on that day.
 */
const MembersFigureSchema = z.object({
  total: CountSchema,
  new: CountSchema,
  active: CountSchema,
  days: z.array(z.object({ day: DateOnlySchema, new: CountSchema, active: CountSchema })),
});

/**
 * Points: `earned` is the sum of the ledger's credits, `spent` the sum of its debits (as a positive number:
 * sweepstake entries, reversed results, negative adjustments) and `expired` the points that reached their expiry
 * day, so `earned - spent - expired` is how much members' balances grew.
 */
const PointsFigureSchema = z.object({
  earned: CountSchema,
  spent: CountSchema,
  /** Points that reached their expiry day (src/rules/points-expiry.ts), not counted in `spent`. */
  expired: CountSchema,
  days: z.array(z.object({ day: DateOnlySchema, earned: CountSchema, spent: CountSchema, expired: CountSchema })),
});

/** Sweepstake entries bought (`total`, by day), and `entrants`: distinct members who bought any in the period. */
const SweepstakeEntriesFigureSchema = DailyCountFigureSchema.extend({ entrants: CountSchema });

/**
 * Participation in one challenge: `participants` distinct members who answered it in the period (a poll, pick'em,
 * arcade or keyword answer, or at least one trivia question). Challenges nobody answered in the period are left out.
 */
const ChallengeParticipationSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  subtype: z.string(),
  participants: CountSchema,
});
export type ChallengeParticipation = z.infer<typeof ChallengeParticipationSchema>;

/**
 * Completion of one story: of its `chapters`, `viewers` distinct members viewed at least one chapter in the
 * period, and `completions` members saw its last unseen chapter in the period (they have now seen them all).
 * Stories nobody viewed in the period are left out.
 */
const StoryCompletionSchema = z.object({
  id: z.string(),
  title: z.string(),
  chapters: CountSchema,
  viewers: CountSchema,
  completions: CountSchema,
});
export type StoryCompletion = z.infer<typeof StoryCompletionSchema>;

/** Every figure of one period. */
export const FiguresSchema = z.object({
  period: FiguresPeriodSchema,
  /** The organization's IANA time zone, in which the days are counted. */
  timeZone: z.string(),
  /** First and last day of the period, inclusive. */
  from: DateOnlySchema,
  to: DateOnlySchema,
  members: MembersFigureSchema,
  checkins: DailyCountFigureSchema,
  points: PointsFigureSchema,
  sweepstakeEntries: SweepstakeEntriesFigureSchema,
  videoViews: DailyCountFigureSchema,
  articleReads: DailyCountFigureSchema,
  /** Most participants first. */
  challenges: z.array(ChallengeParticipationSchema),
  /** Most completions first. */
  stories: z.array(StoryCompletionSchema),
  /** Referrals claimed in the period, and referrals rewarded in it. */
  referrals: z.object({ claimed: z.number().int().nonnegative(), rewarded: z.number().int().nonnegative() }),
});
export type Figures = z.infer<typeof FiguresSchema>;
export const FiguresResponseSchema = envelope(FiguresSchema);
