/**
 * Challenge completion and state rules (spec §4 "Challenge completion").
 *
 * - Poll and input: complete when the member has a response or the expiry time has passed.
 * - Trivia: complete when every question has a user response.
 * - Pick'em record with `pollResponseIndex`: complete when answered or expired.
 *
 * Pure functions: the current time is always passed in, never read.
 */
import type { Challenge, ChoiceUserResponse, TriviaUserResponse } from '../contracts/challenge';
import { isChallengeLocked } from './pickem-lock';

/** True when `challenge.expiresOn` is set and is at or before `now`. */
export function isChallengeExpired(challenge: Pick<Challenge, 'expiresOn'>, now: Date): boolean {
  return challenge.expiresOn !== null && Date.parse(challenge.expiresOn) <= now.getTime();
}

/**
 * True for a pick'em between its lock (kick-off, or its result) and its end: it takes no more picks, and its result
 * may still be pending (`src/rules/pickem-lock.ts`).
 */
export function isLockedBeforeEnd(challenge: Pick<Challenge, 'locksAt' | 'expiresOn'>, now: Date): boolean {
  return isChallengeLocked(challenge, now) && !isChallengeExpired(challenge, now);
}

/** True when `challenge.visibleFrom` is after `now` (not yet published). */
function isChallengeUpcoming(challenge: Pick<Challenge, 'visibleFrom'>, now: Date): boolean {
  return Date.parse(challenge.visibleFrom) > now.getTime();
}

/** Narrows a challenge's userResponse to the trivia shape (null when absent or not trivia). */
export function getTriviaResponse(challenge: Challenge): TriviaUserResponse | null {
  const response = challenge.userResponse;
  return response !== null && 'answers' in response ? response : null;
}

/** Narrows a challenge's userResponse to the poll/keyword shape (null when absent or trivia). */
export function getChoiceResponse(challenge: Challenge): ChoiceUserResponse | null {
  const response = challenge.userResponse;
  return response !== null && 'answeredAt' in response ? response : null;
}

/** True when the trivia question `questionId` has an answer, in the question or in the userResponse. */
function isTriviaQuestionAnswered(challenge: Challenge, questionId: string): boolean {
  const question = challenge.challengeType.questions.find((q) => q.id === questionId);
  if (question?.triviaUserResponse) return true;
  return getTriviaResponse(challenge)?.answers.some((a) => a.questionId === questionId) ?? false;
}

/** True when the member has answered this challenge at least once (any type). */
function hasUserAnswered(challenge: Challenge): boolean {
  if (challenge.type === 'trivia') {
    return challenge.challengeType.questions.some((q) => isTriviaQuestionAnswered(challenge, q.id));
  }
  return challenge.userResponse !== null || challenge.pollResponseIndex !== null;
}

/** What the completion rule needs to know, whatever the source (a wire challenge or the server's rows). */
interface CompletionFacts {
  /** True for trivia. */
  trivia: boolean;
  /** Ids of the trivia questions (empty for other types). */
  questionIds: readonly string[];
  /** Whether trivia question `id` has the member's answer. */
  isQuestionAnswered: (id: string) => boolean;
  /** Whether the member answered a poll-family or keyword challenge. */
  answered: boolean;
  /** Whether the expiry has passed. */
  expired: boolean;
}

/**
 * Spec §4 completion rule, the one home the server and the client share: trivia is complete when every question
 * is answered; the poll family (poll, pick'em with pollResponseIndex, arcade) and input (keyword) when answered
 * or expired.
 */
export function isCompleteBy(facts: CompletionFacts): boolean {
  if (facts.trivia) return facts.questionIds.length > 0 && facts.questionIds.every(facts.isQuestionAnswered);
  return facts.answered || facts.expired;
}

/**
 * {@link isCompleteBy} for a challenge as received (userResponse may be null for visitors), at `now`.
 * @returns true when the challenge counts as complete for this member
 */
export function isChallengeComplete(challenge: Challenge, now: Date): boolean {
  return isCompleteBy({
    trivia: challenge.type === 'trivia',
    questionIds: challenge.challengeType.questions.map((q) => q.id),
    isQuestionAnswered: (id) => isTriviaQuestionAnswered(challenge, id),
    answered: hasUserAnswered(challenge),
    expired: isChallengeExpired(challenge, now),
  });
}

/**
 * What the member can do with a challenge right now.
 * - `upcoming`: not visible yet;
 * - `open`: can be answered (not complete, not expired);
 * - `completed`: answered (fully, for trivia);
 * - `expired`: no longer takes an answer and has none (complete): the expiry passed, or a pick'em locked at
 *   kick-off or at its result (`src/rules/pickem-lock.ts`).
 */
export type ChallengeState = 'upcoming' | 'open' | 'completed' | 'expired';

/** Derives the {@link ChallengeState} of `challenge` at `now` from the spec §4 rules. */
export function getChallengeState(challenge: Challenge, now: Date): ChallengeState {
  if (isChallengeUpcoming(challenge, now)) return 'upcoming';
  // A quiz's completion is the server's answer (`completed`, kept current by the trivia merge), not recomputed.
  const answered = challenge.type === 'trivia' ? challenge.completed : hasUserAnswered(challenge);
  if (answered) return 'completed';
  if (isChallengeExpired(challenge, now) || isChallengeLocked(challenge, now)) return 'expired';
  return 'open';
}
