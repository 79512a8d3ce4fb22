/**
 * When a pick'em stops taking picks (decision 0075), the one home of the rule for the server and the app.
 *
 * A pick'em locks at its kick-off (`locksAt`, set by operators; when unset, at the challenge's end), and at the
 * latest when a result is entered: once the outcome is known, a pick is no longer a prediction. Other challenges
 * have no lock of their own: they take answers until they end.
 *
 * Pure functions: instants are epoch milliseconds, the current time is always passed in.
 */
import type { ChallengeSubtype } from '../contracts/challenge';

/** What the lock depends on; instants in epoch ms, null when unset. */
export interface PickLockFacts {
  subtype: ChallengeSubtype;
  /** Kick-off as the operator set it, or null. */
  locksAt: number | null;
  /** The challenge's end, or null (no end). */
  expiresOn: number | null;
  /** When the result was first entered, or null (no result yet). */
  resultEnteredAt: number | null;
}

/**
 * The instant picks lock, in epoch ms: the earliest of kick-off (else the end) and the result's entry.
 * @returns null for a challenge that is not a pick'em, or a pick'em with no kick-off, no end and no result
 */
export function pickLockTime(facts: PickLockFacts): number | null {
  if (facts.subtype !== 'pickem') return null;
  const times = [facts.locksAt ?? facts.expiresOn, facts.resultEnteredAt].filter((t): t is number => t !== null);
  return times.length ? Math.min(...times) : null;
}

/** True when `facts` describe a pick'em whose picks are locked at `now` (epoch ms). */
export function isPickLocked(facts: PickLockFacts, now: number): boolean {
  const lockTime = pickLockTime(facts);
  return lockTime !== null && lockTime <= now;
}

/**
 * True when a challenge as received is a pick'em whose picks are locked at `now` (its `locksAt`, which the server
 * computed with {@link pickLockTime}, has passed).
 */
export function isChallengeLocked(challenge: { locksAt?: string | null }, now: Date): boolean {
  return challenge.locksAt != null && Date.parse(challenge.locksAt) <= now.getTime();
}
