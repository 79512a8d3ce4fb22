/**
 * Leaderboards, seasons and private leagues (decision 0061).
 *
 * - `seasons`: the operator's seasons; the current one is the latest whose `starts_at` has passed.
 * - `leaderboard_scores`: points EARNED (positive ledger rows) per member and period, kept by the ledger's insert
 *   trigger `podium_leaderboard_credit` (custom SQL in the migration), so a table is an index range read, never an
 *   aggregate over the ledger. `period` is `week` | `month` | `season` | `all`; `period_key` names which one (see
 *   `podium_period_key` in the migration: the Monday / first day of the month in the organization's zone, the
 *   season's id, or '' for all time).
 * - `leaderboard_names`: a member's choice to show (true) or hide (false) their username in tables; no row = the
 *   default (shown, hidden for underage members).
 * - `leagues` / `league_members`: private leagues, joined by invite code. They are not tied to a season, so a new
 *   season keeps them and their members.
 */
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns';
import { organizationRow, organizations } from './organizations';
import { users } from './users';

export const seasons = pgTable(
  'seasons',
  {
    ...organizationRow(),
    name: text('name').notNull(),
    /** When the season's tables start. */
    startsAt: timestamptz('starts_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('seasons_org_starts_uq').on(t.organizationId, t.startsAt)],
);

/** The periods a score is kept for. */
export type LeaderboardPeriodColumn = 'week' | 'month' | 'season' | 'all';

export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    period: text('period').$type<LeaderboardPeriodColumn>().notNull(),
    periodKey: text('period_key').notNull(),
    userId: belongsTo('user_id', () => users.id),
    /** Points earned in the period (> 0). */
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.periodKey] }),
    /** One table in rank order: the top N is an index range read, a place is a count over the range above. */
    index('leaderboard_scores_table_idx').on(t.organizationId, t.period, t.periodKey, t.points.desc(), t.userId),
  ],
);

export const leaderboardNames = pgTable('leaderboard_names', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** true: tables show the username; false: "hidden". */
  shown: boolean('shown').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const leagues = pgTable(
  'leagues',
  {
    ...organizationRow(),
    name: text('name').notNull(),
    /** The invite link's code (random, URL-safe). */
    inviteCode: text('invite_code').notNull(),
    /** Who created it; null once they deleted their account (the league stays with its members). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('leagues_invite_code_uq').on(t.inviteCode)],
);

export const leagueMembers = pgTable(
  'league_members',
  {
    leagueId: belongsTo('league_id', () => leagues.id),
    userId: belongsTo('user_id', () => users.id),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] }), index('league_members_user_idx').on(t.userId)],
);
