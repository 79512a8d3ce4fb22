/**
 * When an answer counts: the one home of the rule for the server and the app (decision 0084).
 *
 * - Which answers may wait offline: a poll's and a keyword's. Their outcome does not depend on anything learnt
 *   after the fan answered, so a queued answer replayed later is the same answer. A pick'em's or an arcade's right
 *   option and a quiz's verdicts can be known later (a result entered, a reveal): those answers need a connection.
 * - The time answered (`occurredAt`, captured by the offline queue when the fan taps) is trusted only within
 *   bounds: not more than `ANSWER_CLOCK_SKEW_MS` ahead of the server's clock and not before the challenge opened.
 *   A claim outside them is disregarded: the answer counts as given when it arrived, so it never earns a grace.
 *   Only an answer that may wait offline has its claim read at all.
 * - An answer given before the challenge closed is accepted when it arrives at most `ANSWER_GRACE_MS` after the
 *   close (a fan who answered in the stands without signal); later it is refused (`AnswerTooLate`). An answer
 *   given after the close is refused as usual (`Ended`).
 *
 * Pure functions: instants are epoch milliseconds, the current time is always passed in.
 */
import type { ChallengeSubtype } from '../contracts/challenge';

/** How long after a challenge closes an answer given before the close may still arrive: 30 minutes. */
export const ANSWER_GRACE_MS = 30 * 60 * 1000;

/** How far ahead of the server's clock a phone's time answered may be (clock skew), as for check-ins: 2 minutes. */
export const ANSWER_CLOCK_SKEW_MS = 2 * 60 * 1000;

/** True when an answer to a challenge of `subtype` may wait in the offline queue (polls and keywords). */
export function isQueueableAnswer(subtype: ChallengeSubtype): boolean {
  return subtype === 'poll' || subtype === 'keyword';
}

/** What the rule needs of a challenge; instants in epoch ms. */
export interface AnswerWindow {
  subtype: ChallengeSubtype;
  /** When the challenge opened (`visibleFrom`). */
  opensAt: number;
  /** When it closed (`expiresOn`), or null when it never closes. */
  closesAt: number | null;
}

/** The verdict: counted (with the time it counts as given) or refused, and why. */
type AnswerTimeVerdict = { accepted: true; answeredAt: number } | { accepted: false; reason: 'NotOpen' | 'Ended' | 'AnswerTooLate' };

/**
 * The time an answer counts as given: the claimed `occurredAt` when the challenge's answers may wait offline and
 * the claim lies in [opensAt, now + ANSWER_CLOCK_SKEW_MS] (capped at now), else `now`.
 * Takes the challenge's window, the claim in epoch ms (or null) and the server's time; returns epoch ms.
 */
export function trustedAnswerTime(window: AnswerWindow, occurredAt: number | null, now: number): number {
  if (occurredAt === null || !isQueueableAnswer(window.subtype)) return now;
  if (occurredAt < window.opensAt || occurredAt > now + ANSWER_CLOCK_SKEW_MS) return now;
  return Math.min(occurredAt, now);
}

/**
 * Whether an answer arriving at `now` with the claimed time `occurredAt` (epoch ms, or null: given now) counts.
 * - `NotOpen`: it arrived before the challenge opened.
 * - `Ended`: it was given (by the trusted time) at or after the close.
 * - `AnswerTooLate`: it was given before the close but arrived more than `ANSWER_GRACE_MS` after it.
 * A pick'em's lock is a separate rule (`src/rules/pickem-lock.ts`), judged at arrival: no claim loosens it.
 */
export function judgeAnswerTime(window: AnswerWindow, occurredAt: number | null, now: number): AnswerTimeVerdict {
  if (now < window.opensAt) return { accepted: false, reason: 'NotOpen' };
  const answeredAt = trustedAnswerTime(window, occurredAt, now);
  if (window.closesAt === null) return { accepted: true, answeredAt };
  if (answeredAt >= window.closesAt) return { accepted: false, reason: 'Ended' };
  if (now > window.closesAt + ANSWER_GRACE_MS) return { accepted: false, reason: 'AnswerTooLate' };
  return { accepted: true, answeredAt };
}
