/**
 * Venue check-in by code (decisions 0059, 0068). Each venue event has a secret; at every time step (30 s) the venue
 * screen shows the step's TOTP code (RFC 6238, the `otpauth` library: 6 digits, SHA-1) to type, and a QR code
 * holding the step's signed token (HMAC-SHA256 of the event and the step, keyed by the secret, 128 bits).
 * - A typed code is judged at the server's time: the code of the current step or one either side, of an event open
 *   now. One typed long after (queued offline) is refused unread. Typed codes carry 20 bits, so wrong ones are
 *   limited per member and per client address.
 * - A QR token fixes its step, so a scan queued offline may be back-dated: honoured when `scannedAt` is within one
 *   step of the token's (or the token is current), within the event's hours, and the scan arrives no later than
 *   the grace after the event's end (`src/rules/venue-checkin.ts`). Wrong tokens are limited per member and event.
 * A member checks in once per event: the check-in row (unique per event and member) and its points are written by
 * one statement, so a replay or a concurrent request changes nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  VENUE_CODE_DIGITS,
  type LiveVenueEvent,
  type VenueAttendance,
  type VenueCheckinCreate,
  type VenueCheckinResult,
} from '../../../src/contracts/venue';
import {
  typedCodeProblem,
  VENUE_CODE_PERIOD_S,
  VENUE_CODE_WINDOW,
  VENUE_OFFLINE_GRACE_MS,
  venueScanProblem,
  venueTimeStep,
} from '../../../src/rules/venue-checkin';
import type { DbOrTx } from '../../db/client';
import { rateLimits, venueCheckins, venueEvents } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import { awardPointsAfter } from '../../kernel/ledger';
import { forgiveHit, rateLimitValues, refuseExhausted, refuseOverLimit, type RateLimitRule } from '../../kernel/rate-limit';

type VenueEventRow = typeof venueEvents.$inferSelect;
type ContentLanguage = 'en' | 'fr';

/** Wrong codes one member may send per window: typed codes per member, QR tokens per member and event. */
const MEMBER_FAILURES_PER_WINDOW = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Bytes of the HMAC kept in a QR token (128 bits). */
const TOKEN_BYTES = 16;

/** A new random secret for a venue event (160 bits, base32, as TOTP authenticators use). */
export function newVenueSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: VENUE_CODE_DIGITS, period: VENUE_CODE_PERIOD_S, algorithm: 'SHA1' });
}

/** The QR token of `eventId` at time step `step`: HMAC-SHA256 keyed by the event's secret, 16 bytes, base64url. */
function venueToken(secret: string, eventId: string, step: number): string {
  const key = Buffer.from(Secret.fromBase32(secret).buffer);
  return createHmac('sha256', key).update(`venue-qr:${eventId}:${step}`).digest().subarray(0, TOKEN_BYTES).toString('base64url');
}

/**
 * What the venue screen shows at `at`: the code to type, the QR token, and when both rotate.
 * @param secret the event's base32 secret
 * @returns `{code, token, rotatesAt}` (digits; base64url; the end of the current step)
 */
export function venueCodeAt(secret: string, eventId: string, at: Date): { code: string; token: string; rotatesAt: Date } {
  const step = venueTimeStep(at);
  return {
    code: totp(secret).generate({ timestamp: at.getTime() }),
    token: venueToken(secret, eventId, step),
    rotatesAt: new Date((step + 1) * VENUE_CODE_PERIOD_S * 1000),
  };
}

/** Whether `code` is the event's code at `at`, give or take `VENUE_CODE_WINDOW` steps (constant-time compare). */
function venueCodeMatches(secret: string, code: string, at: Date): boolean {
  return totp(secret).validate({ token: code, timestamp: at.getTime(), window: VENUE_CODE_WINDOW }) !== null;
}

/**
 * The time step whose QR token `token` is, looked for within `VENUE_CODE_WINDOW` steps of each of `around`
 * (constant-time compares), or null when it is none of them (forged, another event's, or of another time).
 */
function tokenStep(event: VenueEventRow, token: string, around: Date[]): number | null {
  const given = Buffer.from(token);
  const offsets = Array.from({ length: 2 * VENUE_CODE_WINDOW + 1 }, (_, i) => i - VENUE_CODE_WINDOW);
  const steps = new Set(around.flatMap((at) => offsets.map((k) => venueTimeStep(at) + k)));
  for (const step of steps) {
    const expected = Buffer.from(venueToken(event.secret, event.id, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
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

const lateError = (event: VenueEventRow, now: Date) =>
  new ApiError(
    422,
    'VenueScanLate',
    `A scan made offline counts only when it is sent within ${VENUE_OFFLINE_GRACE_MS / 60_000} minutes of the event's end`,
    {
      endsAt: event.endsAt.toISOString(),
      serverTime: now.toISOString(),
    },
  );

const expiredError = (scannedAt: Date, now: Date) =>
  new ApiError(422, 'VenueCodeExpired', 'A typed code counts only when it is sent at once; scan the QR code to check in without signal', {
    scannedAt: scannedAt.toISOString(),
    serverTime: now.toISOString(),
  });

const invalidCode = () => new ApiError(422, 'VenueCodeInvalid', 'This code is not the venue code of that moment');

function localizedEvent(event: VenueEventRow, language: ContentLanguage): { name: string; venue: string } {
  const t = language === 'fr' ? event.translations.fr : undefined;
  return { name: t?.name || event.name, venue: t?.venue || event.venue };
}

const published = (organizationId: string) =>
  and(eq(venueEvents.organizationId, organizationId), isNull(venueEvents.archivedAt), eq(venueEvents.draft, false));

/** An event found for a scan, and the time the scan is recorded at. */
type ScanMatch = { event: VenueEventRow; scannedAt: Date };

/**
 * Finds the event open now whose code `code` is now, give or take one step; `scannedAt` only tells a code typed
 * too long ago (queued offline), which is refused without being looked at.
 * @throws ApiError 422 VenueCodeExpired (typed more than the clock skew ago), VenueScanTime (in the future),
 *   VenueClosed (no event open now), VenueCodeInvalid (no open event has this code now)
 */
async function eventOfTypedCode(
  db: DbOrTx,
  organizationId: string,
  scan: { code: string; scannedAt?: Date; now: Date },
): Promise<ScanMatch> {
  const { now } = scan;
  const problem = typedCodeProblem(scan.scannedAt, now);
  if (problem === 'late') throw expiredError(scan.scannedAt!, now);
  if (problem === 'future') throw ageError('future', scan.scannedAt!, now);
  const open = await db
    .select()
    .from(venueEvents)
    .where(and(published(organizationId), lte(venueEvents.startsAt, now), gte(venueEvents.endsAt, now)))
    .orderBy(venueEvents.startsAt);
  if (!open.length) throw closedError(null, now);
  const event = open.find((e) => venueCodeMatches(e.secret, scan.code, now));
  if (!event) throw invalidCode();
  return { event, scannedAt: now };
}

/**
 * Finds the event a QR code named and checks its token: the token must be of a step within one of `scannedAt`'s
 * (a back-dated offline scan) or of now's (a phone whose clock is off); the scan is recorded at `scannedAt` in the
 * first case, now in the second, and must then pass `venueScanProblem`.
 * @throws ApiError 404 NotFound (an event the organization does not publish), 422 VenueCodeInvalid (forged token,
 *   another event's, or of another time), VenueScanTime, VenueClosed, VenueScanLate
 */
async function eventOfQrScan(
  db: DbOrTx,
  organizationId: string,
  scan: { eventId: string; token: string; scannedAt?: Date; now: Date },
): Promise<ScanMatch> {
  const { now } = scan;
  const claimed = scan.scannedAt ?? now;
  const [event] = await db
    .select()
    .from(venueEvents)
    .where(and(published(organizationId), eq(venueEvents.id, scan.eventId)));
  if (!event) throw notFound('Venue event not found');
  const step = tokenStep(event, scan.token, [claimed, now]);
  if (step === null) throw invalidCode();
  const scannedAt = Math.abs(venueTimeStep(claimed) - step) <= VENUE_CODE_WINDOW ? claimed : now;
  const problem = venueScanProblem({ scannedAt, now, startsAt: event.startsAt, endsAt: event.endsAt });
  if (problem === 'outside-hours') throw closedError(event, scannedAt);
  if (problem === 'too-late') throw lateError(event, now);
  if (problem) throw ageError(problem, scannedAt, now);
  return { event, scannedAt };
}

/**
 * The failure limits of a scan: the member's (per member for a typed code, which names no event; per member and
 * event for a QR code), and for a typed code the client address's. QR tokens cannot be guessed, so a crowd whose
 * address is spent can still scan.
 */
function failureRules(deps: AppDeps, userId: string, clientIp: string, scan: VenueCheckinCreate) {
  const member: RateLimitRule =
    'code' in scan
      ? { bucket: `venue-fail-member:${userId}`, limit: MEMBER_FAILURES_PER_WINDOW, windowMs: FAILURE_WINDOW_MS }
      : { bucket: `venue-fail-member-event:${userId}:${scan.eventId}`, limit: MEMBER_FAILURES_PER_WINDOW, windowMs: FAILURE_WINDOW_MS };
  const address: RateLimitRule[] =
    'code' in scan
      ? [{ bucket: `venue-fail-ip:${clientIp}`, limit: deps.env.VENUE_ADDRESS_FAILURES_PER_15_MIN, windowMs: FAILURE_WINDOW_MS }]
      : [];
  return { member, address };
}

/**
 * Checks the member in at the venue event of a typed code or a scanned QR code, once.
 *
 * Wrong codes are limited (`failureRules`): the member's limit counts every attempt before it is judged (so parallel
 * guesses cannot overtake it) and gives the hit back unless the code was wrong (or a typed code already used);
 * the address's counts wrong typed codes only, and a spent allowance refuses before the code is looked at, right
 * codes included, until the window ends.
 * @param context the member, the client address (`clientIp`) and the answer's language
 * @param scan a typed `{code, scannedAt?}` or a scanned `{eventId, token, scannedAt?}` (ISO; default now)
 * @returns the attendance and `created` (false when the member had already checked in: nothing changed)
 * @throws ApiError 429 TooManyRequests (with Retry-After), 404 NotFound, 422 VenueCodeInvalid / VenueCodeExpired /
 *   VenueScanTime / VenueClosed / VenueScanLate (see `eventOfTypedCode`, `eventOfQrScan`)
 */
export async function checkInAtVenue(
  deps: AppDeps,
  context: { organizationId: string; userId: string; clientIp: string; language: ContentLanguage },
  scan: VenueCheckinCreate,
): Promise<VenueCheckinResult> {
  const { db } = deps;
  const { organizationId, userId } = context;
  const now = deps.clock();
  const { member, address } = failureRules(deps, userId, context.clientIp, scan);
  if (address.length) {
    const counters = await db
      .select()
      .from(rateLimits)
      .where(
        inArray(
          rateLimits.bucket,
          address.map((rule) => rule.bucket),
        ),
      );
    refuseExhausted(address, counters, now);
  }
  const hits = (await deps.queries.failureHit.execute(rateLimitValues([member], now))).rows;
  refuseOverLimit([member], hits, now);
  const scannedAt = scan.scannedAt ? new Date(scan.scannedAt) : undefined;
  let match: ScanMatch;
  try {
    match =
      'code' in scan
        ? await eventOfTypedCode(db, organizationId, { code: scan.code, scannedAt, now })
        : await eventOfQrScan(db, organizationId, { eventId: scan.eventId, token: scan.token, scannedAt, now });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VenueCodeInvalid') {
      for (const rule of address) await deps.queries.failureHit.execute(rateLimitValues([rule], now));
    } else if (error instanceof ApiError && error.status < 500) {
      await forgiveHit(db, member, hits[0]);
    }
    throw error;
  }
  const { event } = match;
  const insert = db
    .insert(venueCheckins)
    .values({ eventId: event.id, userId, pointsAwarded: event.value, scannedAt: match.scannedAt, createdAt: now })
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
  // A right code is no failure. A typed code that was already used keeps its hit: the typed limit is per member, and
  // a code known at one event must not buy guesses at another open one. A QR limit is per event: nothing to buy.
  if (created || !('code' in scan)) await forgiveHit(db, member, hits[0]);
  const [row] = await db
    .select()
    .from(venueCheckins)
    .where(and(eq(venueCheckins.eventId, event.id), eq(venueCheckins.userId, userId)));
  return {
    eventId: event.id,
    ...localizedEvent(event, context.language),
    startsAt: event.startsAt.toISOString(),
    scannedAt: (row?.scannedAt ?? match.scannedAt).toISOString(),
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

/**
 * The organization's published venue events open at `now` (`startsAt <= now <= endsAt`), earliest first, each with
 * whether the member already checked in there (the dashboard's card opens the scanner during them).
 * No secret, code or token leaves the server.
 */
export async function liveVenueEvents(
  db: DbOrTx,
  scope: { organizationId: string; userId: string; language: ContentLanguage },
  now: Date,
): Promise<LiveVenueEvent[]> {
  const rows = await db
    .select({ event: venueEvents, checkedIn: venueCheckins.eventId })
    .from(venueEvents)
    .leftJoin(venueCheckins, and(eq(venueCheckins.eventId, venueEvents.id), eq(venueCheckins.userId, scope.userId)))
    .where(and(published(scope.organizationId), lte(venueEvents.startsAt, now), gte(venueEvents.endsAt, now)))
    .orderBy(venueEvents.startsAt);
  return rows.map(({ event, checkedIn }) => ({
    eventId: event.id,
    ...localizedEvent(event, scope.language),
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    value: event.value,
    checkedIn: checkedIn !== null,
  }));
}
