/**
 * When a venue check-in is honoured (decision 0068, "Venue codes that cannot be guessed or replayed late"): the
 * time rules and the QR link shared by the server (which decides) and the app (which explains a refusal). Codes and
 * tokens are checked on the server only, where the event's secret lives.
 * - The venue screen shows two things that change every `VENUE_CODE_PERIOD_S` seconds (one time step): a QR code
 *   holding a link with a signed token of that step (128 bits, unguessable), and a six-digit code to type.
 * - A typed code is judged at the server's time only: it must be the code of the current step or of one step either
 *   side (`VENUE_CODE_WINDOW`), whatever `scannedAt` says. A typed code sent more than `VENUE_SCAN_SKEW_MS` after it
 *   was typed (queued with no signal) is refused unread: typed codes need a connection.
 * - A QR scan may be queued offline and back-dated: its token fixes the step it was shown in, and `scannedAt` must be
 *   within one step of it. It is honoured when the scan time is within the event's hours, at most 24 h old, and the
 *   scan reaches the server no later than `VENUE_OFFLINE_GRACE_MS` after the event's end.
 */
import { VENUE_TOKEN_LENGTH } from '../contracts/venue';

/** Seconds a venue code (and QR token) stays current before it rotates: one time step. */
export const VENUE_CODE_PERIOD_S = 30;
/** Steps either side of the expected one whose code or token is still accepted. */
export const VENUE_CODE_WINDOW = 1;
/** How long after the event's end an offline QR scan made during its hours may still reach the server, in ms (30 min). */
export const VENUE_OFFLINE_GRACE_MS = 30 * 60 * 1000;
/** How far a scan time may be from the server's clock and still count as "now" (device clock skew), in ms. */
const VENUE_SCAN_SKEW_MS = 2 * 60 * 1000;
/** Oldest scan honoured, in ms (24 h): bounds back-dating over a multi-day event. */
const MAX_SCAN_AGE_MS = 24 * 60 * 60 * 1000;

/** The time step (TOTP counter) that instant `at` falls in. */
export function venueTimeStep(at: Date): number {
  return Math.floor(at.getTime() / (VENUE_CODE_PERIOD_S * 1000));
}

/** Why a QR scan is refused: too old, in the future, outside the event's hours, or sent too long after the event. */
type VenueScanProblem = 'too-old' | 'future' | 'outside-hours' | 'too-late';

/**
 * Whether a QR scan made at `scannedAt` may be honoured at `now` (server time) for an event open `startsAt`..`endsAt`.
 * All arguments are instants; returns null when it may, else the first problem found (age, then hours, then arrival).
 */
export function venueScanProblem(scan: { scannedAt: Date; now: Date; startsAt: Date; endsAt: Date }): VenueScanProblem | null {
  const age = scan.now.getTime() - scan.scannedAt.getTime();
  if (age > MAX_SCAN_AGE_MS) return 'too-old';
  if (age < -VENUE_SCAN_SKEW_MS) return 'future';
  if (scan.scannedAt < scan.startsAt || scan.scannedAt > scan.endsAt) return 'outside-hours';
  if (scan.now.getTime() > scan.endsAt.getTime() + VENUE_OFFLINE_GRACE_MS) return 'too-late';
  return null;
}

/**
 * Whether a typed code may be looked at, given when it was typed (`scannedAt`, absent = now) and the server's `now`:
 * 'late' when it was typed more than `VENUE_SCAN_SKEW_MS` ago (it waited in the offline queue: a typed code is never
 * back-dated), 'future' when typed more than that ahead of the server, else null.
 */
export function typedCodeProblem(scannedAt: Date | undefined, now: Date): 'late' | 'future' | null {
  if (!scannedAt) return null;
  const age = now.getTime() - scannedAt.getTime();
  if (age > VENUE_SCAN_SKEW_MS) return 'late';
  if (age < -VENUE_SCAN_SKEW_MS) return 'future';
  return null;
}

const TOKEN_FORMAT = new RegExp(`^[A-Za-z0-9_-]{${VENUE_TOKEN_LENGTH}}$`);

/** Whether `token` has the form of a QR token (not whether it is valid: only the server knows). */
function isVenueTokenText(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/**
 * The text a venue QR code holds: a link to the app's venue screen carrying the event and the token of the current
 * step, so a phone's own camera app opens the right screen too.
 * @param origin the app's origin, e.g. `https://club.example`
 */
export function venueQrText(origin: string, eventId: string, token: string): string {
  const url = new URL('/venue', origin);
  url.searchParams.set('event', eventId);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Reads what a scanned QR code holds: a venue link (`venueQrText`) gives its event and token; anything else null.
 * Never throws.
 */
export function readVenueQrText(text: string): { eventId: string; token: string } | null {
  try {
    const url = new URL(text);
    const eventId = url.searchParams.get('event');
    const token = url.searchParams.get('token');
    if (url.pathname !== '/venue' || !eventId || !token || !isVenueTokenText(token)) return null;
    return { eventId, token };
  } catch {
    return null;
  }
}
