/**
 * Rank progress (ARCHITECTURE §4): ranks P10 (lowest) .. P1 (highest) are reached when lifetime earned points
 * reach the organization's `ranks[].threshold`. Spending never lowers a rank.
 * Pure functions over the organization's ranks (spec §3 Organization.ranks) and the user's lifetimePoints.
 */
import { RANK_CODES, type RankCode } from '../../contracts/constants';
import type { Rank } from '../../contracts/organization';

/** Where a member stands on the rank ladder. */
export interface RankProgress {
  /** The member's current rank (null only when the organization has no ranks). */
  current: Rank | null;
  /** The next rank up, or null at the top rank. */
  next: Rank | null;
  /** Lifetime points still needed to reach `next` (0 at the top). */
  pointsToNext: number;
  /** Progress from `current` to `next` as a fraction in [0, 1] (1 at the top). */
  fraction: number;
}

/** Position of a rank code on the ladder: P10 -> 0 .. P1 -> 9. */
export function rankOrder(code: RankCode): number {
  return RANK_CODES.indexOf(code);
}

/** Ranks sorted by threshold ascending (lowest first); ties broken by the code order P10..P1. */
export function sortRanks(ranks: readonly Rank[]): Rank[] {
  return [...ranks].sort((a, b) => a.threshold - b.threshold || rankOrder(a.name) - rankOrder(b.name));
}

/**
 * Computes rank progress.
 * @param ranks the organization's ranks (any order)
 * @param lifetimePoints lifetime earned points (non-negative)
 * @param currentCode the rank the server reports for the user; when given and known it is the current
 *   rank (the server is the source of truth), otherwise the rank is derived from the thresholds
 */
export function getRankProgress(ranks: readonly Rank[], lifetimePoints: number, currentCode?: RankCode | null): RankProgress {
  const sorted = sortRanks(ranks);
  if (sorted.length === 0) return { current: null, next: null, pointsToNext: 0, fraction: 0 };
  let index = sorted.findIndex((r) => r.name === currentCode);
  if (index < 0) {
    index = 0;
    sorted.forEach((r, i) => {
      if (lifetimePoints >= r.threshold) index = i;
    });
  }
  const current = sorted[index];
  const next = sorted[index + 1] ?? null;
  if (!next) return { current, next: null, pointsToNext: 0, fraction: 1 };
  const span = next.threshold - current.threshold;
  const done = lifetimePoints - current.threshold;
  const fraction = span <= 0 ? 1 : Math.min(1, Math.max(0, done / span));
  return { current, next, pointsToNext: Math.max(0, next.threshold - lifetimePoints), fraction };
}
