import { describe, expect, it } from 'vitest';
import type { Challenge, TriviaUserResponse } from '../../../src/contracts/challenge';
import { applyTriviaAnswer, mergeTriviaResponse } from '../../../src/rules/trivia-merge';

const NOW = new Date('2026-05-10T12:00:00.000Z');

function quiz(): Challenge {
  const options = [0, 1, 2].map((index) => ({ index, text: `Option ${index}`, points: 0, mediaId: null }));
  return {
    challengeId: 'quiz',
    type: 'trivia',
    subtype: 'trivia',
    title: 'Alpine quiz',
    description: null,
    mediaId: null,
    visibleFrom: '2026-05-01T00:00:00.000Z',
    expiresOn: null,
    locksAt: null,
    resultsHidden: false,
    points: 0,
    maxPoints: 50,
    userResponse: null,
    pollResponseIndex: null,
    outcome: null,
    completed: false,
    challengeType: {
      options: [],
      questions: [
        { id: 'q1', text: 'One', points: 10, options, triviaUserResponse: null },
        { id: 'q2', text: 'Two', points: 15, options, triviaUserResponse: null },
        { id: 'q3', text: 'Three', points: 25, options, triviaUserResponse: null },
      ],
    },
  };
}

const trivia = (c: Challenge) => c.userResponse as TriviaUserResponse;

describe('trivia merge (spec §4)', () => {
  it('a first answer sets status in_progress and adds the question points when correct', () => {
    const c = applyTriviaAnswer(quiz(), { questionId: 'q1', answer: 2, correct: true }, NOW);
    expect(trivia(c)).toEqual({
      status: 'in_progress',
      completedAt: null,
      score: 10,
      answers: [{ questionId: 'q1', answer: 2, correct: true }],
    });
    expect(c.challengeType.questions[0].triviaUserResponse).toEqual({ questionId: 'q1', answer: 2, correct: true });
    expect(c.completed).toBe(false);
  });

  it('a wrong first answer scores nothing but still sets in_progress', () => {
    const c = applyTriviaAnswer(quiz(), { questionId: 'q2', answer: 0, correct: false }, NOW);
    expect(trivia(c).status).toBe('in_progress');
    expect(trivia(c).score).toBe(0);
  });

  it('the same answer again changes nothing (same object)', () => {
    const once = applyTriviaAnswer(quiz(), { questionId: 'q1', answer: 2, correct: true }, NOW);
    const twice = applyTriviaAnswer(once, { questionId: 'q1', answer: 2, correct: true }, NOW);
    expect(twice).toBe(once);
    expect(trivia(twice).score).toBe(10);
    expect(trivia(twice).answers).toHaveLength(1);
  });

  it("a different answer replaces the earlier one: the previous correct answer's points are subtracted", () => {
    const correct = applyTriviaAnswer(quiz(), { questionId: 'q1', answer: 2, correct: true }, NOW);
    const changed = applyTriviaAnswer(correct, { questionId: 'q1', answer: 1, correct: false }, NOW);
    expect(trivia(changed).score).toBe(0);
    expect(trivia(changed).answers).toEqual([{ questionId: 'q1', answer: 1, correct: false }]);
  });

  it('a different, now correct answer adds the question points once', () => {
    const wrong = applyTriviaAnswer(quiz(), { questionId: 'q2', answer: 0, correct: false }, NOW);
    const right = applyTriviaAnswer(wrong, { questionId: 'q2', answer: 1, correct: true }, NOW);
    expect(trivia(right).score).toBe(15);
  });

  it('answering every question completes the quiz with completedAt', () => {
    let c = quiz();
    c = applyTriviaAnswer(c, { questionId: 'q1', answer: 2, correct: true }, NOW);
    c = applyTriviaAnswer(c, { questionId: 'q2', answer: 0, correct: false }, NOW);
    c = applyTriviaAnswer(c, { questionId: 'q3', answer: 1, correct: true }, NOW);
    expect(trivia(c)).toMatchObject({ status: 'completed', completedAt: NOW.toISOString(), score: 35 });
    expect(c.completed).toBe(true);
  });

  it('an answer to an unknown question is ignored', () => {
    const c = quiz();
    expect(applyTriviaAnswer(c, { questionId: 'nope', answer: 0, correct: true }, NOW)).toBe(c);
  });

  it("merging the server's data.trivia applies each answer and keeps the server's completedAt", () => {
    const incoming: TriviaUserResponse = {
      status: 'completed',
      completedAt: '2026-05-10T11:00:00.000Z',
      score: 50,
      answers: [
        { questionId: 'q1', answer: 0, correct: true },
        { questionId: 'q2', answer: 1, correct: true },
        { questionId: 'q3', answer: 2, correct: true },
      ],
    };
    const merged = mergeTriviaResponse(quiz(), incoming, NOW);
    expect(trivia(merged)).toEqual(incoming);
    expect(mergeTriviaResponse(merged, incoming, NOW)).toBe(merged);
  });

  it('merging does not count an already recorded correct answer twice', () => {
    const first = applyTriviaAnswer(quiz(), { questionId: 'q1', answer: 0, correct: true }, NOW);
    const merged = mergeTriviaResponse(
      first,
      {
        status: 'in_progress',
        completedAt: null,
        score: 25,
        answers: [
          { questionId: 'q1', answer: 0, correct: true },
          { questionId: 'q2', answer: 2, correct: true },
        ],
      },
      NOW,
    );
    expect(trivia(merged).score).toBe(25);
    expect(trivia(merged).status).toBe('in_progress');
  });
});
