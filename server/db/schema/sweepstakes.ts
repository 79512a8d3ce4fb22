/**
 * Sweepstakes (spec §3) and members' entries. Status is never stored: it comes from `starts_at`/`ends_at`
 * and the server clock (ARCHITECTURE §5). Each entry row is paid by one ledger row
 * `sweepstake-entry:<entryId>` written in the same transaction (ARCHITECTURE §4).
 */
import { boolean, index, uniqueIndex, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, sortOrder, timestamptz, translations, archivedAt, draft, itemKey, updatedAt } from './columns';
import { organizationRow } from './organizations';
import { users } from './users';

/** Translated sweepstake texts. */
export type SweepstakeTranslation = { title?: string; description?: string; prize?: string; rules?: string };

export const sweepstakes = pgTable(
  'sweepstakes',
  {
    ...organizationRow(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    prize: text('prize').notNull().default(''),
    mediaId: uuid('media_id'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** Points per entry (> 0). */
    entryCost: integer('entry_cost').notNull(),
    /** Null = no limit per member. */
    maxEntriesPerUser: integer('max_entries_per_user'),
    /** Readable by visitors (organization-key bearer). */
    isPublic: boolean('is_public').notNull().default(true),
    sortOrder: sortOrder(),
    translations: translations<SweepstakeTranslation>(),
    createdAt: createdAt(),
    /** How many winners the draw picks. */
    winnerCount: integer('winner_count').notNull().default(1),
    /** Official rules, written by operators (plain text or Markdown). */
    rules: text('rules').notNull().default(''),
    key: itemKey(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sweepstakes_org_idx').on(t.organizationId, t.endsAt), uniqueIndex('sweepstakes_org_key_uq').on(t.organizationId, t.key)],
);

export const sweepstakeEntries = pgTable(
  'sweepstake_entries',
  {
    id: id(),
    sweepstakeId: belongsTo('sweepstake_id', () => sweepstakes.id),
    userId: belongsTo('user_id', () => users.id),
    /** Entries bought by this request. */
    count: integer('count').notNull(),
    pointsSpent: integer('points_spent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sweepstake_entries_sweepstake_user_idx').on(t.sweepstakeId, t.userId),
    index('sweepstake_entries_user_idx').on(t.userId),
  ],
);
