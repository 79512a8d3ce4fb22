/**
 * Ranks (ARCHITECTURE §4, spec §9): P10 (lowest) .. P1 (highest), reached when lifetime earned points reach the
 * organization's `ranks[].threshold`, so spending never lowers a rank. The server computes a member's rank
 * (`user.rank`); the client shows progress from that answer.
 */
import { RANK_CODES, type RankCode } from '../contracts/constants';
import type { Rank } from '../contracts/organization';

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

/** Position of a rank code on the ladder: P10 -> 0 .. P1 -> 9. */
export function rankOrder(code: RankCode): number {
  return RANK_CODES.indexOf(code);
}

/** Ranks sorted by threshold ascending (lowest first); ties broken by the code order P10..P1. Returns a new array. */
export function sortRanks(ranks: readonly Rank[]): Rank[] {
  return [...ranks].sort((a, b) => a.threshold - b.threshold || rankOrder(a.name) - rankOrder(b.name));
}

/** Where a member stands on the rank ladder. */
interface RankProgress {
  /** The member's current rank (null only when the organization has no ranks). */
  current: Rank | null;
  /** The next rank up, or null at the top rank. */
  next: Rank | null;
  /** Lifetime points still needed to reach `next` (0 at the top). */
  pointsToNext: number;
  /** Progress from `current` to `next` as a fraction in [0, 1] (1 at the top). */
  fraction: number;
}

/**
 * Rank progress of a member.
 * @param ranks the organization's ranks (any order)
 * @param lifetimePoints lifetime earned points (non-negative)
 * @param currentCode the rank the server answered for the member (`user.rank`); when the organization's ranks
 *   do not list it, the rank is {@link rankFor} of the points
 */
export function getRankProgress(ranks: readonly Rank[], lifetimePoints: number, currentCode: RankCode): RankProgress {
  const sorted = sortRanks(ranks);
  if (sorted.length === 0) return { current: null, next: null, pointsToNext: 0, fraction: 0 };
  let index = sorted.findIndex((r) => r.name === currentCode);
  if (index < 0)
    index = Math.max(
      0,
      sorted.findIndex((r) => r.name === rankFor(lifetimePoints, sorted)),
    );
  const current = sorted[index];
  const next = sorted[index + 1] ?? null;
  if (!next) return { current, next: null, pointsToNext: 0, fraction: 1 };
  const span = next.threshold - current.threshold;
  const done = lifetimePoints - current.threshold;
  const fraction = span <= 0 ? 1 : Math.min(1, Math.max(0, done / span));
  return { current, next, pointsToNext: Math.max(0, next.threshold - lifetimePoints), fraction };
}

/**
 * Whether a rank ladder an operator wrote is well formed: every code P10..P1 once, P10's threshold 0 and the
 * thresholds strictly increasing from P10 to P1 (so every amount of lifetime points holds exactly one rank).
 * @param ranks the ranks, any order
 * @returns the problems found (with the offending code, or null for the whole ladder), [] when valid
 */
export function rankLadderProblems(ranks: readonly Pick<Rank, 'name' | 'threshold'>[]): Array<{ code: RankCode | null; message: string }> {
  const problems: Array<{ code: RankCode | null; message: string }> = [];
  const byCode = new Map(ranks.map((r) => [r.name, r]));
  if (byCode.size !== RANK_CODES.length || ranks.length !== RANK_CODES.length)
    problems.push({ code: null, message: `Every rank ${RANK_CODES.join(', ')} exactly once` });
  const lowest = byCode.get('P10');
  if (lowest && lowest.threshold !== 0) problems.push({ code: 'P10', message: 'The lowest rank starts at 0 points' });
  let previous: Pick<Rank, 'name' | 'threshold'> | undefined;
  for (const code of RANK_CODES) {
    const rank = byCode.get(code);
    if (!rank) continue;
    if (previous && rank.threshold <= previous.threshold)
      problems.push({ code, message: `Must be above ${previous.name}'s threshold (${previous.threshold})` });
    previous = rank;
  }
  return problems;
}
