/**
 * Leaderboards and private leagues wire format. Points are points EARNED in the period (positive
 * ledger rows: spends never lower a standing). Places follow standard competition ranking: equal points share a
 * place and the next place skips (1, 2, 2, 4). Imports only zod.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from './common';

/** The periods of a table: this week and this month (organization's time zone), the current season, all time. */
export const LeaderboardPeriodSchema = z.enum(['week', 'month', 'season', 'all']);
export type LeaderboardPeriod = z.infer<typeof LeaderboardPeriodSchema>;

/** `GET /leaderboards` and `GET /leagues/{id}/table` query. */
export const LeaderboardQuerySchema = z.object({ period: LeaderboardPeriodSchema.default('week') });

/** One row of a table. */
export const LeaderboardRowSchema = z.object({
  /** 1-based place; members with equal points share it. */
  place: z.number().int().positive(),
  /** The member's username, or null when they hide it (or are underage and did not choose to show it). */
  name: z.string().nullable(),
  /** Points earned in the period. */
  points: z.number().int().nonnegative(),
  /** This row is the signed-in member's own. */
  me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

/** The current season, as fans see it. */
export const SeasonSchema = z.object({ id: z.string(), name: z.string(), startsAt: TimestampSchema });
export type Season = z.infer<typeof SeasonSchema>;

/** A table of one period: its top rows, and the member's own row whether or not it is among them. */
export const LeaderboardSchema = z.object({
  period: LeaderboardPeriodSchema,
  /** The current season (null before the operator started one: the `season` table is then empty). */
  season: SeasonSchema.nullable(),
  rows: z.array(LeaderboardRowSchema),
  /** The member's own row (points 0 and the place after everyone who earned, when they earned nothing). */
  me: LeaderboardRowSchema,
  /** When the server computed the table (shown offline as "updated <time>"). */
  computedAt: TimestampSchema,
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;
export const LeaderboardResponseSchema = envelope(LeaderboardSchema);

/** The member's name choice for tables: `shown` is what applies now (`chosen` null = the default). */
export const LeaderboardNameSchema = z.object({
  shown: z.boolean(),
  /** What the member chose, or null when they never chose (shown, except for underage members). */
  chosen: z.boolean().nullable(),
});
export type LeaderboardName = z.infer<typeof LeaderboardNameSchema>;
export const LeaderboardNameResponseSchema = envelope(LeaderboardNameSchema);
/** `PUT /leaderboards/name` body. */
export const LeaderboardNameInputSchema = z.object({ shown: z.boolean() });

/** Longest league name, in characters. */
export const LEAGUE_NAME_MAX = 60;
/** Most members a league holds. */
export const LEAGUE_MAX_MEMBERS = 200;

/** `POST /leagues` body. */
export const LeagueInputSchema = z.object({ name: TextSchema.trim().min(1).max(LEAGUE_NAME_MAX) });
export type LeagueInput = z.infer<typeof LeagueInputSchema>;

/** A league the member belongs to. */
export const LeagueSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The code of its invite link (`/leagues/join/{inviteCode}`). */
  inviteCode: z.string(),
  memberCount: z.number().int().nonnegative(),
  /** The member created it. */
  mine: z.boolean(),
});
export type League = z.infer<typeof LeagueSchema>;
export const LeagueResponseSchema = envelope(LeagueSchema);
export const LeagueListResponseSchema = envelope(z.array(LeagueSchema));

/** What an invite link shows before joining, to a member or to a visitor who has not signed in yet. */
export const LeagueInviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: z.number().int().nonnegative(),
  /** The member already belongs to it (always false for a visitor). */
  member: z.boolean(),
  /**
   * The username of whoever created the league, as tables show it: null when they hide it from tables, have none,
   * or deleted their account.
   */
  invitedBy: z.string().nullable(),
});
export type LeagueInvite = z.infer<typeof LeagueInviteSchema>;
export const LeagueInviteResponseSchema = envelope(LeagueInviteSchema);

/** The path code of an invite link. */
export const InviteCodeSchema = z
  .string()
  .max(32)
  .regex(/^[A-Za-z0-9_-]{8,32}$/, 'Not an invite code');

/** A league's table: the league, and every member's row (leagues are small). */
export const LeagueTableSchema = LeaderboardSchema.extend({ league: LeagueSchema });
export type LeagueTable = z.infer<typeof LeagueTableSchema>;
export const LeagueTableResponseSchema = envelope(LeagueTableSchema);
