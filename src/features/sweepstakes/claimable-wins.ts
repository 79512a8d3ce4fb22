/**
 * Which of the member's wins still wait for a claim (a winner claims within the claim period, after
 * which an operator may redraw the prize). Pure.
 */
import type { OwnWin, Sweepstake } from '../../contracts/sweepstake';

/** A sweepstake the member won and has not claimed yet, with that win. */
export type ClaimableWin = { sweepstake: Sweepstake; win: OwnWin };

/**
 * The member's unclaimed wins whose claim period is still open at `now`, soonest deadline first.
 * @param sweepstakes the sweepstake list (`yourWin` may be missing from a copy cached by an older version)
 * @param now the current instant
 */
export function claimableWins(sweepstakes: readonly Sweepstake[], now: Date): ClaimableWin[] {
  return sweepstakes
    .flatMap((sweepstake) => {
      const win = sweepstake.yourWin;
      return win && win.claimedAt === null && now < new Date(win.claimBy) ? [{ sweepstake, win }] : [];
    })
    .sort((a, b) => Date.parse(a.win.claimBy) - Date.parse(b.win.claimBy));
}
