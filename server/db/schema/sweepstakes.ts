/**
 * Sweepstakes (spec §3) and members' entries. Status is never stored: it comes from `starts_at`/`ends_at`
 * and the server clock (ARCHITECTURE §5). Each entry row is paid by one ledger row
 * `sweepstake-entry:<entryId>` written in the same transaction (ARCHITECTURE §4).
 */
import { boolean, index, uniqueIndex, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /** SHA-256 (hex) of `drawSeed`, published from creation so the draw can be verified afterwards. */
    seedCommitment: text('seed_commitment'),
    /** The draw's secret seed (hex); revealed to everyone once the draw ran. */
    drawSeed: text('draw_seed'),
    /** When the draw ran (null = not drawn yet). */
    drawnAt: timestamptz('drawn_at'),
    /**
     * The published entry list the draw ran over, frozen when it ran (eligible entries in (created_at, id) order;
     * `member` is a pseudonym), so that later suspensions or deletions never change what anyone verifies.
     */
    drawEntries: jsonb('draw_entries').$type<Array<{ entry: string; member: string; tickets: number }>>(),
    /** Days a winner has to claim the prize before an operator may redraw. */
    claimDays: integer('claim_days').notNull().default(14),
    key: itemKey(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sweepstakes_org_idx').on(t.organizationId, t.endsAt), uniqueIndex('sweepstakes_org_key_uq').on(t.organizationId, t.key)],
);

/**
 * The winners of a sweepstake draw, in draw order (`place` 1..n). A redraw marks the unclaimed winner
 * `replacedAt` and adds a row for the replacement with the next place.
 */
export const sweepstakeWinners = pgTable(
  'sweepstake_winners',
  {
    id: id(),
    sweepstakeId: belongsTo('sweepstake_id', () => sweepstakes.id),
    userId: belongsTo('user_id', () => users.id),
    /** 1-based order in which the draw picked this winner. */
    place: integer('place').notNull(),
    /** 0-based position of the winning ticket in the published entry list. */
    ticket: integer('ticket').notNull(),
    drawnAt: timestamptz('drawn_at').notNull().defaultNow(),
    notifiedAt: timestamptz('notified_at'),
    claimedAt: timestamptz('claimed_at'),
    /** Set when an operator redrew because the prize was not claimed in time. */
    replacedAt: timestamptz('replaced_at'),
  },
  (t) => [
    uniqueIndex('sweepstake_winners_sweepstake_place_uq').on(t.sweepstakeId, t.place),
    index('sweepstake_winners_user_idx').on(t.userId),
  ],
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
    /** The console's figures: entries in a period (decision 0056). */
    index('sweepstake_entries_created_idx').on(t.createdAt, t.sweepstakeId, t.userId, t.count),
  ],
);
