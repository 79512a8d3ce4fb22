/** Daily check-ins (ARCHITECTURE §5): one row per member and day of the organization's time zone. */
import { date, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, timestamptz } from './columns';
import { users } from './users';

export const checkins = pgTable(
  'checkins',
  {
    id: id(),
    userId: belongsTo('user_id', () => users.id),
    /** Calendar day in the organization's time zone, `YYYY-MM-DD`. */
    day: date('day', { mode: 'string' }).notNull(),
    /** Streak length including this day (1 = first day of a streak). */
    streakDay: integer('streak_day').notNull(),
    pointsAwarded: integer('points_awarded').notNull(),
    /** When the fan tapped (may be earlier than createdAt for a check-in queued offline). */
    occurredAt: timestamptz('occurred_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    /** Also the member's own index (latest check-in, the foreign key): a second one on `user_id` alone cost every check-in a write. */
    uniqueIndex('checkins_user_day_uq').on(t.userId, t.day),
    /** The console's figures count check-ins by day (decision 0056). */
    index('checkins_day_user_idx').on(t.day, t.userId),
  ],
);
