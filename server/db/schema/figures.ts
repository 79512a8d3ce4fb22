/**
 * The rollup of the console's figures over closed days (decision 0058): what `server/areas/console/figures.service.ts` would count
 * for a day that can no longer change, stored once so that a period reads a few rows per day instead of every
 * activity row. Filled by the figures request itself (`rollUpClosedDays`); never written anywhere else.
 */
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { belongsTo } from './columns';
import { challenges } from './challenges';
import { stories } from './content';
import { organizations } from './organizations';
import { users } from './users';

/**
 * How far an organization's rollup reaches: every day from `from` to `through` (its time zone's days, inclusive) is
 * in the tables below. `timeZone` is the zone the days were cut in: when the organization's zone changes the rollup
 * is thrown away and made again.
 */
export const figuresRollups = pgTable('figures_rollups', {
  organizationId: belongsTo('organization_id', () => organizations.id).primaryKey(),
  timeZone: text('time_zone').notNull(),
  from: date('from_day', { mode: 'string' }),
  through: date('through_day', { mode: 'string' }),
});

/** The distinct (member, day) activity pairs of closed days: a member was active that day (decision 0056). */
export const activityDays = pgTable(
  'activity_days',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    userId: belongsTo('user_id', () => users.id),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.day] }), index('activity_days_org_day_idx').on(t.organizationId, t.day)],
);

/**
 * Additive per-day totals of closed days: `figure` names what is counted (`active`, `checkins`, `points_earned`,
 * `points_spent`, `points_expired`, `sweepstake_entries`, `video_views`, `article_reads`), `key` what it is counted for ('' when the
 * figure has no items). Two totals move: `last_active`, the members whose last rolled-up active day is that day, and
 * `participants` (key: the challenge), the members whose last rolled-up answer to it is that day; a later rollup
 * moves a member who comes back to their new last day.
 */
export const figureDays = pgTable(
  'figure_days',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    figure: text('figure').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.figure, t.day, t.key] })],
);

/**
 * Challenge participation of closed days: per challenge and member, the last closed day they answered it. The
 * members who answered a challenge between a day and today are those whose last day is on or after it, plus those
 * who answered since the rollup.
 */
export const challengeParticipants = pgTable(
  'challenge_participants',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    challengeId: belongsTo('challenge_id', () => challenges.id),
    userId: belongsTo('user_id', () => users.id),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.challengeId, t.userId] }),
    index('challenge_participants_org_last_day_idx').on(t.organizationId, t.lastDay, t.challengeId),
  ],
);

/**
 * Story progress of closed days: per story and member, the chapters they viewed up to the rollup's last day (all of
 * them, also those viewed before the rollup's first day) and the last day they viewed one. A story's viewers between
 * a day and today are the members whose last day is on or after it, plus those who viewed one since the rollup; a
 * viewer completed it when their chapters seen reach the story's chapters (the completing view is their last one).
 */
export const storyViewers = pgTable(
  'story_viewers',
  {
    organizationId: belongsTo('organization_id', () => organizations.id),
    storyId: belongsTo('story_id', () => stories.id),
    userId: belongsTo('user_id', () => users.id),
    seen: integer('seen').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.storyId, t.userId] }),
    index('story_viewers_org_last_day_idx').on(t.organizationId, t.lastDay, t.storyId),
  ],
);
