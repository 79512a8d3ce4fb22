/**
 * Level-up detection (spec §4 "Rank: a rank change after a user refetch sets a leveling-up flag";
 * ARCHITECTURE §4: the client shows a level-up moment when the rank changes after a refetch).
 *
 * Only a change for the same user counts (signing in as someone else is not a level-up), and only a move
 * up the ladder is celebrated (ranks come from lifetime points, so they never go down in normal use).
 */
import type { RankCode } from '../../contracts/organization';
import { rankOrder } from '../../rules/rank';

/** The part of the user the detector compares. */
export interface RankSnapshot {
  userId: string;
  rank: RankCode;
}

/** A detected level-up. */
export interface LevelUp {
  userId: string;
  from: RankCode;
  to: RankCode;
}

/**
 * Compares two successive snapshots of the current user.
 * @param previous the user before the refetch (null when there was none)
 * @param next the user after the refetch (null when signed out)
 * @returns the level-up, or null when there is none
 */
export function detectLevelUp(previous: RankSnapshot | null, next: RankSnapshot | null): LevelUp | null {
  if (!previous || !next || previous.userId !== next.userId) return null;
  if (rankOrder(next.rank) <= rankOrder(previous.rank)) return null;
  return { userId: next.userId, from: previous.rank, to: next.rank };
}
