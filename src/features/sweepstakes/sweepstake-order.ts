/**
 * Sweepstake list rules (spec §4 "statuses live, coming_soon and ended sort into lists"; ARCHITECTURE §5 status
 * from `startsAt`/`endsAt`). Pure: the time is passed in.
 *
 * - Order: live first (ending soonest first), then coming soon (starting soonest first), then ended (most
 *   recently ended first).
 * - The server decides the status; a cached list may have been fetched before a boundary passed, so the client
 *   only moves a status forward (coming_soon -> live at `startsAt`, live -> ended at `endsAt`), never back.
 */
import type { Sweepstake, SweepstakeStatus } from '../../contracts/sweepstake';

/** Sections of the sweepstake list, in display order. */
export const SWEEPSTAKE_SECTIONS: readonly SweepstakeStatus[] = ['live', 'coming_soon', 'ended'];

/**
 * The status at `now`: the server's status, moved forward when a boundary has passed since it was fetched.
 * Takes the sweepstake and the time; returns the status.
 */
export function effectiveStatus(s: Pick<Sweepstake, 'status' | 'startsAt' | 'endsAt'>, now: Date): SweepstakeStatus {
  const t = now.getTime();
  if (s.status === 'ended') return 'ended';
  if (Date.parse(s.endsAt) <= t) return 'ended';
  if (s.status === 'coming_soon' && Date.parse(s.startsAt) > t) return 'coming_soon';
  return 'live';
}

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
