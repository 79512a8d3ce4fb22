/**
 * The points ledger (ARCHITECTURE §4): one append-only row per change of a member's balance.
 * `(user_id, reference)` is unique, which makes every award idempotent by reference.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TransactionReason } from '../../../src/contracts/user';
import { belongsTo, createdAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

export const pointTransactions = pgTable(
  'point_transactions',
  {
    ...organizationRow(),
    userId: belongsTo('user_id', () => users.id),
    /** Signed: positive earns, negative spends. */
    amount: integer('amount').notNull(),
    reason: text('reason').$type<TransactionReason>().notNull(),
    /** What earned or spent it, e.g. `checkin:2026-11-22`, `challenge:<id>`; unique per user. */
    reference: text('reference').notNull(),
    label: text('label'),
    /** The member's balance right after this row. */
    balanceAfter: integer('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('point_transactions_user_reference_uq').on(t.userId, t.reference),
    index('point_transactions_user_created_idx').on(t.userId, t.createdAt),
    /**
     * The console's figures aggregate the ledger by organization and period; member and amount are in the index so
     * the figures read it alone (an index-only scan), never the rows.
     */
    index('point_transactions_org_created_idx').on(t.organizationId, t.createdAt, t.userId, t.amount),
    /** The figures' points expired by day, read from this small index alone (decision 0091). */
    index('point_transactions_org_expired_idx')
      .on(t.organizationId, t.createdAt, t.amount)
      .where(sql`${t.reason} = 'expired'`),
  ],
);
