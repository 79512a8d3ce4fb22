/**
 * Venue events and who checked in at them (decision 0059). Each event holds its own secret (base32), from which
 * the rotating code is derived; it never leaves the server except as the current code shown to operators. A member
 * checks in at an event at most once (unique row).
 */
import { integer, pgTable, text, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { archivedAt, belongsTo, draft, timestamptz, translations, updatedAt } from './columns';
import { organizationRow } from './organizations';
import { awardColumns } from './awards';

/** Translated venue event texts. */
export type VenueEventTranslation = { name?: string; venue?: string };

export const venueEvents = pgTable(
  'venue_events',
  {
    ...organizationRow(),
    name: text('name').notNull(),
    venue: text('venue').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** Points a check-in earns (ledger reference `venue_checkin:<id>`). */
    value: integer('value').notNull().default(0),
    /** Base32 secret of the rotating code (TOTP, `server/areas/venue/venue.service.ts`). */
    secret: text('secret').notNull(),
    translations: translations<VenueEventTranslation>(),
    archivedAt: archivedAt(),
    draft: draft(),
    updatedAt: updatedAt(),
  },
  (t) => [index('venue_events_org_starts_idx').on(t.organizationId, t.startsAt)],
);

export const venueCheckins = pgTable(
  'venue_checkins',
  {
    eventId: belongsTo('event_id', () => venueEvents.id),
    ...awardColumns(),
    /** When the member scanned the code (may be earlier than `createdAt` for a scan queued offline). */
    scannedAt: timestamptz('scanned_at').notNull(),
  },
  (t) => [uniqueIndex('venue_checkins_event_user_uq').on(t.eventId, t.userId), index('venue_checkins_user_idx').on(t.userId)],
);
