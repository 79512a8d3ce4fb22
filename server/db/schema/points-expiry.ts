/**
 * Reminders of points about to expire (docs/decisions/0091): one row per member and expiry day, written before the
 * reminder is sent, so each member is reminded once per expiry day however many processes run the job.
 */
import { date, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

export const pointsExpiryReminders = pgTable(
  'points_expiry_reminders',
  {
    ...organizationRow(),
    userId: belongsTo('user_id', () => users.id),
    /** The expiry day reminded of, `YYYY-MM-DD` in the organization's time zone. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** Points the reminder announced. */
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('points_expiry_reminders_user_day_uq').on(t.userId, t.expiresOn)],
);
