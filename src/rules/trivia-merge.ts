/**
 * Trivia answer merge (spec §4 "Trivia answers"), applied to every trivia response the client receives
 * (`POST /challenge/{id}` answers `data.trivia`, spec §7):
 *
 * - an answer replaces an earlier one for the same question only if it is different;
 * - a previous correct answer's points are subtracted; a new correct answer adds the question's points;
 * - a first answer sets status `in_progress`.
 *
 * When every question has an answer the response becomes `completed` (spec §4 completion rule) and
 * `completedAt` is set. Pure: the current time is passed in.
 */
import type { Challenge, TriviaAnswer, TriviaUserResponse } from '../contracts/challenge';
import { getTriviaResponse, isChallengeComplete } from './challenge-completion';

const EMPTY_RESPONSE: TriviaUserResponse = { status: 'in_progress', completedAt: null, score: 0, answers: [] };

/**
 * Applies one answer to a trivia challenge.
 * @param challenge a trivia challenge (other types are returned unchanged)
 * @param answer the member's answer `{questionId, answer, correct}`
 * @param now used for `completedAt` when this answer completes the quiz
 * @returns a new challenge with the merged userResponse and question, or the same object when nothing
 *   changes (unknown question, or the same answer again)
 */
export function applyTriviaAnswer(challenge: Challenge, answer: TriviaAnswer, now: Date, completedAt?: string | null): Challenge {
  if (challenge.type !== 'trivia') return challenge;
  const question = challenge.challengeType.questions.find((q) => q.id === answer.questionId);
  if (!question) return challenge;

  const current = getTriviaResponse(challenge) ?? EMPTY_RESPONSE;
  const recorded = current.answers.find((a) => a.questionId === answer.questionId) ?? null;
  const previous = recorded ?? question.triviaUserResponse ?? null;
  if (previous && previous.answer === answer.answer && previous.correct === answer.correct) return challenge;

  // Only an answer counted in `current.score` can have its points subtracted.
  const score = Math.max(0, current.score - (recorded?.correct ? question.points : 0) + (answer.correct ? question.points : 0));
  const answers = recorded ? current.answers.map((a) => (a.questionId === answer.questionId ? answer : a)) : [...current.answers, answer];

  const questions = challenge.challengeType.questions.map((q) => (q.id === answer.questionId ? { ...q, triviaUserResponse: answer } : q));
  const draft: Challenge = {
    ...challenge,
    challengeType: { ...challenge.challengeType, questions },
    userResponse: { status: 'in_progress', completedAt: null, score, answers },
  };
  const complete = isChallengeComplete(draft, now);
  return {
    ...draft,
    completed: complete,
    userResponse: {
      status: complete ? 'completed' : 'in_progress',
      completedAt: complete ? (current.completedAt ?? completedAt ?? now.toISOString()) : null,
      score,
      answers,
    },
  };
}

/**
 * Merges a trivia response received from the server (`data.trivia`) into a cached challenge by applying
 * each of its answers with {@link applyTriviaAnswer}, in order.
 * @returns the merged challenge (the same object when nothing changed)
 */
export function mergeTriviaResponse(challenge: Challenge, incoming: TriviaUserResponse, now: Date): Challenge {
  return incoming.answers.reduce((merged, answer) => applyTriviaAnswer(merged, answer, now, incoming.completedAt), challenge);
}
