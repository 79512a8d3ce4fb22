/** Rewards-carousel cards a member dismissed (spec §4, `DELETE /carousel/{id}`); remembered per member. */
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

export const carouselDismissals = pgTable(
  'carousel_dismissals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client's card id (cards are built-in demo data of the client). */
    cardId: text('card_id').notNull(),
    dismissedAt: timestamptz('dismissed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carousel_dismissals_user_card_uq').on(t.userId, t.cardId)],
);
