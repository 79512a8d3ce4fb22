/**
 * Ranks (ARCHITECTURE §4, spec §9): P10 (lowest) .. P1 (highest), reached by lifetime earned points against
 * the organization's thresholds, so spending never lowers a rank.
 */
import type { Rank, RankCode } from '../../src/contracts/organization';

/**
 * The rank held with `lifetimePoints`: the highest threshold that is <= the points.
 * @param ranks the organization's ranks, any order
 * @returns the rank code; `P10` when no rank applies (e.g. an organization without ranks)
 */
export function rankFor(lifetimePoints: number, ranks: readonly Pick<Rank, 'name' | 'threshold'>[]): RankCode {
  let best: Pick<Rank, 'name' | 'threshold'> | undefined;
  for (const rank of ranks) {
    if (rank.threshold <= lifetimePoints && (!best || rank.threshold > best.threshold)) best = rank;
  }
  return best?.name ?? 'P10';
}
