/** Rewards-carousel cards a member dismissed (spec §4, `DELETE /carousel/{id}`); remembered per member. */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, timestamptz } from './columns';
import { users } from './users';

export const carouselDismissals = pgTable(
  'carousel_dismissals',
  {
    userId: belongsTo('user_id', () => users.id),
    /** The client's card id (cards are built-in demo data of the client). */
    cardId: text('card_id').notNull(),
    dismissedAt: timestamptz('dismissed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carousel_dismissals_user_card_uq').on(t.userId, t.cardId)],
);
