/**
 * When a venue check-in scan is honoured (decision 0059, "Venue check-in by code"): the time rules shared by the
 * server (which decides) and the app (which explains a refusal before queueing). The code itself is checked on the
 * server only, where the event's secret lives.
 * - A venue code rotates every `VENUE_CODE_PERIOD_S` seconds; a scan is accepted with the code of its own period
 *   or of one period either side (`VENUE_CODE_WINDOW`), so a code shown a moment before it rotated still works.
 * - A scan queued offline carries the time it was made: honoured when at most 24 h old and not in the future
 *   (up to 2 minutes ahead, for clock skew), like the daily check-in.
 * - The scan must fall within the event's hours (`startsAt` <= scan <= `endsAt`).
 */

/** Seconds a venue code stays current before it rotates. */
export const VENUE_CODE_PERIOD_S = 30;
/** Periods either side of the scan's own whose code is still accepted. */
export const VENUE_CODE_WINDOW = 1;
/** Digits of the short typed code. */
export const VENUE_CODE_DIGITS = 6;
/** Oldest scan honoured, in ms (24 h). */
const MAX_SCAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How far ahead of the server clock a scan time may be (device clock skew), in ms. */
const MAX_SCAN_SKEW_MS = 2 * 60 * 1000;

/** Why a scan time is refused: too old, in the future, or outside the event's hours. */
type VenueScanProblem = 'too-old' | 'future' | 'outside-hours';

/**
 * Whether a scan made at `scannedAt` may be honoured at `now` (server time) for an event open `startsAt`..`endsAt`.
 * All arguments are instants; returns null when it may, else the first problem found (age before hours).
 */
export function venueScanProblem(scan: { scannedAt: Date; now: Date; startsAt: Date; endsAt: Date }): VenueScanProblem | null {
  const age = scan.now.getTime() - scan.scannedAt.getTime();
  if (age > MAX_SCAN_AGE_MS) return 'too-old';
  if (age < -MAX_SCAN_SKEW_MS) return 'future';
  if (scan.scannedAt < scan.startsAt || scan.scannedAt > scan.endsAt) return 'outside-hours';
  return null;
}

/**
 * Whether a scan time is honoured at all (age only), whatever the event: what a typed code is first checked with,
 * before the server looks for the event it belongs to.
 * @returns null, 'too-old' or 'future'
 */
export function venueScanAgeProblem(scannedAt: Date, now: Date): Exclude<VenueScanProblem, 'outside-hours'> | null {
  const problem = venueScanProblem({ scannedAt, now, startsAt: scannedAt, endsAt: scannedAt });
  return problem === 'outside-hours' ? null : problem;
}

/**
 * The text a venue QR code holds: a link to the app's venue screen carrying the event and its current code, so a
 * phone's own camera app opens the right screen too.
 * @param origin the app's origin, e.g. `https://club.example`
 */
export function venueQrText(origin: string, eventId: string, code: string): string {
  const url = new URL('/venue', origin);
  url.searchParams.set('event', eventId);
  url.searchParams.set('code', code);
  return url.toString();
}

/**
 * Reads what a scanned QR code holds: a venue link (`venueQrText`) gives its event and code; anything else null.
 * Never throws.
 */
export function readVenueQrText(text: string): { eventId: string; code: string } | null {
  try {
    const url = new URL(text);
    const eventId = url.searchParams.get('event');
    const code = url.searchParams.get('code');
    if (url.pathname !== '/venue' || !eventId || !code || !/^\d+$/.test(code)) return null;
    return { eventId, code };
  } catch {
    return null;
  }
}
