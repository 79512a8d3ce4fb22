/**
 * The columns every award row shares (ARCHITECTURE §4): the member, the points the award gave, and when. An award
 * table adds the item it is for and a unique index on (member, item); with the ledger's unique
 * `(user_id, reference)` that makes each award idempotent.
 */
import { integer } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt } from './columns';
import { users } from './users';

/** `user_id`, `points_awarded` and `created_at` of an award row, to spread into the table's columns. */
export const awardColumns = () => ({
  userId: belongsTo('user_id', () => users.id),
  pointsAwarded: integer('points_awarded').notNull(),
  createdAt: createdAt(),
});
