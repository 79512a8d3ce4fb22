/**
 * Sweepstake list rules (spec §4 "statuses live, coming_soon and ended sort into lists"; ARCHITECTURE §5 status
 * from `startsAt`/`endsAt`). Pure: the time is passed in.
 *
 * - Order: live first (ending soonest first), then coming soon (starting soonest first), then ended (most
 *   recently ended first).
 * - The status is the server's, moved only forward as boundaries pass (`effectiveStatus`, src/rules/sweepstake-status.ts).
 */
import type { Sweepstake, SweepstakeStatus } from '../../contracts/sweepstake';
import { effectiveStatus } from '../../rules/sweepstake-status';

/** Sections of the sweepstake list, in display order. */
export const SWEEPSTAKE_SECTIONS: readonly SweepstakeStatus[] = ['live', 'coming_soon', 'ended'];

const ORDER: Record<SweepstakeStatus, number> = { live: 0, coming_soon: 1, ended: 2 };

/** Sorts sweepstakes for display (see module doc). Returns a new array; ties by title. */
export function sortSweepstakes<S extends Sweepstake>(sweepstakes: readonly S[], now: Date): S[] {
  return sweepstakes
    .map((s) => ({ s, status: effectiveStatus(s, now) }))
    .sort((a, b) => {
      if (a.status !== b.status) return ORDER[a.status] - ORDER[b.status];
      let diff = 0;
      if (a.status === 'live') diff = Date.parse(a.s.endsAt) - Date.parse(b.s.endsAt);
      else if (a.status === 'coming_soon') diff = Date.parse(a.s.startsAt) - Date.parse(b.s.startsAt);
      else diff = Date.parse(b.s.endsAt) - Date.parse(a.s.endsAt);
      return diff || a.s.title.localeCompare(b.s.title);
    })
    .map(({ s }) => s);
}

/** Sweepstakes split by status at `now`, each section in {@link sortSweepstakes} order. */
export function groupSweepstakes<S extends Sweepstake>(sweepstakes: readonly S[], now: Date): Record<SweepstakeStatus, S[]> {
  const groups: Record<SweepstakeStatus, S[]> = { live: [], coming_soon: [], ended: [] };
  for (const s of sortSweepstakes(sweepstakes, now)) groups[effectiveStatus(s, now)].push(s);
  return groups;
}
