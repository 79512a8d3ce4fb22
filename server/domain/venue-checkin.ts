/**
 * Venue check-in by code (decision 0059). Each venue event has a secret; its code is a TOTP (RFC 6238, the
 * `otpauth` library: 6 digits, SHA-1, a 30 s period) of that secret, so the code shown at the venue rotates and a
 * photo of it stops working within a minute. A fan's scan is honoured when the scan time passes the shared rule
 * (`src/rules/venue-checkin.ts`: at most 24 h old, not in the future, within the event's hours) and the code was
 * the event's code at the scan time, give or take one period. A member checks in once per event: the check-in row
 * (unique per event and member) and its points are written by one statement, so a replay or a concurrent request
 * changes nothing.
 */
import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { VenueAttendance, VenueCheckinResult } from '../../src/contracts/venue';
import { VENUE_CODE_DIGITS, VENUE_CODE_PERIOD_S, VENUE_CODE_WINDOW, venueScanAgeProblem, venueScanProblem } from '../../src/rules/venue-checkin';
import type { DbOrTx } from '../db/client';
import { venueCheckins, venueEvents } from '../db/schema';
import { ApiError, notFound } from '../lib/errors';
import { awardPointsAfter } from './ledger';

type VenueEventRow = typeof venueEvents.$inferSelect;
type ContentLanguage = 'en' | 'fr';

/** A new random secret for a venue event (160 bits, base32, as TOTP authenticators use). */
export function newVenueSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: VENUE_CODE_DIGITS, period: VENUE_CODE_PERIOD_S, algorithm: 'SHA1' });
}

/**
 * The event's code at `at`, and when it rotates.
 * @param secret the event's base32 secret
 * @returns `{code, rotatesAt}` (digits; the end of the current period)
 */
export function venueCodeAt(secret: string, at: Date): { code: string; rotatesAt: Date } {
  const code = totp(secret).generate({ timestamp: at.getTime() });
  const periodMs = VENUE_CODE_PERIOD_S * 1000;
  return { code, rotatesAt: new Date((Math.floor(at.getTime() / periodMs) + 1) * periodMs) };
}

/** Whether `code` was the event's code at `at`, give or take `VENUE_CODE_WINDOW` periods (constant-time compare). */
function venueCodeMatches(secret: string, code: string, at: Date): boolean {
  return totp(secret).validate({ token: code, timestamp: at.getTime(), window: VENUE_CODE_WINDOW }) !== null;
}

const ageError = (problem: 'too-old' | 'future', scannedAt: Date, now: Date) =>
  new ApiError(
    422,
    'VenueScanTime',
    problem === 'too-old' ? 'A scan can only be recorded within 24 hours of when it was made' : 'The scan time is in the future',
    { scannedAt: scannedAt.toISOString(), serverTime: now.toISOString() },
  );

const closedError = (event: VenueEventRow | null, scannedAt: Date) =>
  new ApiError(422, 'VenueClosed', 'No venue event was open at the time of the scan', {
    scannedAt: scannedAt.toISOString(),
    ...(event ? { startsAt: event.startsAt.toISOString(), endsAt: event.endsAt.toISOString() } : {}),
  });

const invalidCode = () => new ApiError(422, 'VenueCodeInvalid', 'This code is not the venue code of that moment');

function localizedEvent(event: VenueEventRow, language: ContentLanguage): { name: string; venue: string } {
  const t = language === 'fr' ? event.translations.fr : undefined;
  return { name: t?.name || event.name, venue: t?.venue || event.venue };
}

/**
 * Finds the event a scan is for: the one the QR code named, or, for a typed code, the open event (at the scan time)
 * whose code it was.
 * @throws ApiError 404 NotFound (a named event the organization does not publish), 422 VenueClosed (no event open
 *   at the scan time), 422 VenueCodeInvalid (forged, expired or another event's code)
 */
async function eventOfScan(
  db: DbOrTx,
  organizationId: string,
  scan: { code: string; eventId?: string; scannedAt: Date; now: Date },
): Promise<VenueEventRow> {
  const published = and(eq(venueEvents.organizationId, organizationId), isNull(venueEvents.archivedAt), eq(venueEvents.draft, false));
  if (scan.eventId) {
    const [event] = await db.select().from(venueEvents).where(and(published, eq(venueEvents.id, scan.eventId)));
    if (!event) throw notFound('Venue event not found');
    const problem = venueScanProblem({ scannedAt: scan.scannedAt, now: scan.now, startsAt: event.startsAt, endsAt: event.endsAt });
    if (problem === 'outside-hours') throw closedError(event, scan.scannedAt);
    if (problem) throw ageError(problem, scan.scannedAt, scan.now);
    if (!venueCodeMatches(event.secret, scan.code, scan.scannedAt)) throw invalidCode();
    return event;
  }
  const open = await db
    .select()
    .from(venueEvents)
    .where(and(published, lte(venueEvents.startsAt, scan.scannedAt), gte(venueEvents.endsAt, scan.scannedAt)))
    .orderBy(venueEvents.startsAt);
  if (!open.length) throw closedError(null, scan.scannedAt);
  const event = open.find((e) => venueCodeMatches(e.secret, scan.code, scan.scannedAt));
  if (!event) throw invalidCode();
  return event;
}

/**
 * Checks the member in at the venue event the code belongs to, once.
 * @param scan `code` (digits), `eventId` (from a QR code, optional), `scannedAt` (ISO, default now)
 * @returns the attendance and `created` (false when the member had already checked in: nothing changed)
 * @throws ApiError 422 VenueScanTime (scan older than 24 h or in the future), 422 VenueClosed, 422
 *   VenueCodeInvalid, 404 NotFound (see `eventOfScan`)
 */
export async function checkInAtVenue(
  db: DbOrTx,
  context: { organizationId: string; userId: string; now: Date; language: ContentLanguage },
  scan: { code: string; eventId?: string; scannedAt?: string },
): Promise<VenueCheckinResult> {
  const { organizationId, userId, now } = context;
  const scannedAt = scan.scannedAt ? new Date(scan.scannedAt) : now;
  const age = venueScanAgeProblem(scannedAt, now);
  if (age) throw ageError(age, scannedAt, now);
  const event = await eventOfScan(db, organizationId, { code: scan.code, eventId: scan.eventId, scannedAt, now });
  const insert = db
    .insert(venueCheckins)
    .values({ eventId: event.id, userId, pointsAwarded: event.value, scannedAt, createdAt: now })
    .onConflictDoNothing({ target: [venueCheckins.eventId, venueCheckins.userId] })
    .returning({ eventId: venueCheckins.eventId });
  const created =
    event.value > 0
      ? (
          await awardPointsAfter(db, insert, {
            userId,
            amount: event.value,
            reason: 'venue_checkin',
            reference: `venue_checkin:${event.id}`,
            label: event.name,
            at: now,
          })
        ).passed
      : (await insert).length > 0;
  const [row] = await db
    .select()
    .from(venueCheckins)
    .where(and(eq(venueCheckins.eventId, event.id), eq(venueCheckins.userId, userId)));
  return {
    eventId: event.id,
    ...localizedEvent(event, context.language),
    startsAt: event.startsAt.toISOString(),
    scannedAt: (row?.scannedAt ?? scannedAt).toISOString(),
    pointsAwarded: row?.pointsAwarded ?? event.value,
    created,
  };
}

/**
 * The venues the member checked in at ("I was there"), most recent scan first.
 * @returns one attendance per event
 */
export async function venuesAttended(db: DbOrTx, userId: string, language: ContentLanguage): Promise<VenueAttendance[]> {
  const rows = await db
    .select({ checkin: venueCheckins, event: venueEvents })
    .from(venueCheckins)
    .innerJoin(venueEvents, eq(venueEvents.id, venueCheckins.eventId))
    .where(eq(venueCheckins.userId, userId))
    .orderBy(desc(venueCheckins.scannedAt));
  return rows.map(({ checkin, event }) => ({
    eventId: event.id,
    ...localizedEvent(event, language),
    startsAt: event.startsAt.toISOString(),
    scannedAt: checkin.scannedAt.toISOString(),
    pointsAwarded: checkin.pointsAwarded,
  }));
}
