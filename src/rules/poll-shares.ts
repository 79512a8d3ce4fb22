/**
 * Poll results (decision 0079): who may see how fans answered a poll or a pick'em, and the share of each option.
 *
 * - A poll's shares show to a member once they answered it (or once it ended); a pick'em's only once its picks are
 *   locked (`src/rules/pickem-lock.ts`), so the crowd's picks never sway a prediction. Operators can hide the
 *   results of any poll (`resultsHidden`); other kinds of challenge (arcade, keyword, trivia) have none, since
 *   their answers would give the right one away.
 * - Shares are whole percentages summing to 100, rounded by largest remainder (ties go to the earlier option).
 *
 * Pure functions: the caller works out `answered`, `expired` and `locked` for its own current time.
 */
import type { ChallengeSubtype } from '../contracts/challenge';

/** What deciding on the results of one challenge needs. */
export interface PollResultsFacts {
  subtype: ChallengeSubtype;
  /** Set by operators: the results are shown to nobody. */
  resultsHidden: boolean;
  /** Whether this member answered the challenge. */
  answered: boolean;
  /** Whether the challenge has ended. */
  expired: boolean;
  /** Whether a pick'em's picks are locked (false for other challenges). */
  locked: boolean;
}

/** Why a member may not see the results yet, or null when they may. */
type PollResultsRefusal = 'NoResults' | 'Hidden' | 'NotAnswered' | 'NotLocked';

/** The reason results are withheld from a member (see the module doc), or null when they may be shown. */
export function pollResultsRefusal(facts: PollResultsFacts): PollResultsRefusal | null {
  if (facts.subtype !== 'poll' && facts.subtype !== 'pickem') return 'NoResults';
  if (facts.resultsHidden) return 'Hidden';
  if (facts.subtype === 'pickem') return facts.locked || facts.expired ? null : 'NotLocked';
  return facts.answered || facts.expired ? null : 'NotAnswered';
}

/** True when a member may see the results described by `facts`. */
export function canSeePollResults(facts: PollResultsFacts): boolean {
  return pollResultsRefusal(facts) === null;
}

/**
 * Whole-percent shares of `counts` (answers per option, non-negative integers), by largest remainder.
 * @returns one percentage per count, summing to 100; all 0 when nobody answered
 */
export function pollShares(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n * 100) / total);
  const shares = exact.map(Math.floor);
  let left = 100 - shares.reduce((sum, n) => sum + n, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}
