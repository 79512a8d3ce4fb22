/**
 * Points the member earned on a challenge (poll family / keyword: `pointsAwarded`; trivia: `score`).
 */
import type { Challenge } from '../../contracts/challenge';
import { getChoiceResponse, getTriviaResponse } from '../../rules/challenge-completion';

/** Returns the points earned so far, or null when the member has not answered. */
export function getEarnedPoints(challenge: Challenge): number | null {
  const trivia = getTriviaResponse(challenge);
  if (trivia) return trivia.score;
  const choice = getChoiceResponse(challenge);
  if (choice) return choice.pointsAwarded;
  return challenge.outcome ? challenge.outcome.pointsAwarded : null;
}
