/**
 * Sweepstake status from dates (ARCHITECTURE §5, spec §4): coming_soon before `startsAt`, live until `endsAt`
 * (exclusive), then ended. The server answers the status; a cached answer may predate a boundary, so the client
 * moves a status only forward (coming_soon -> live -> ended), never back.
 */
import type { SweepstakeStatus } from '../contracts/sweepstake';

type Instant = Date | string;
const ms = (t: Instant) => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/** The status at `now` of a sweepstake open from `startsAt` (inclusive) to `endsAt` (exclusive). */
export function statusAt(s: { startsAt: Instant; endsAt: Instant }, now: Date): SweepstakeStatus {
  const t = now.getTime();
  if (t < ms(s.startsAt)) return 'coming_soon';
  if (t < ms(s.endsAt)) return 'live';
  return 'ended';
}

const ORDER: Record<SweepstakeStatus, number> = { coming_soon: 0, live: 1, ended: 2 };

/** The later of the server's answered `status` and {@link statusAt} at `now` (a status only moves forward). */
export function effectiveStatus(s: { status: SweepstakeStatus; startsAt: Instant; endsAt: Instant }, now: Date): SweepstakeStatus {
  const derived = statusAt(s, now);
  return ORDER[derived] > ORDER[s.status] ? derived : s.status;
}
