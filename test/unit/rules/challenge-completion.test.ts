import { describe, expect, it } from 'vitest';
import type { Challenge, TriviaQuestion } from '../../../src/contracts/challenge';
import { getChallengeState, isLockedBeforeEnd, isChallengeComplete, isChallengeExpired } from '../../../src/rules/challenge-completion';

const NOW = new Date('2026-05-10T12:00:00.000Z');

function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    challengeId: 'c1',
    type: 'poll',
    subtype: 'poll',
    title: 'Who wins Monaco?',
    description: null,
    mediaId: null,
    visibleFrom: '2026-05-01T00:00:00.000Z',
    expiresOn: '2026-05-20T00:00:00.000Z',
    locksAt: null,
    resultsHidden: false,
    points: 0,
    maxPoints: 10,
    userResponse: null,
    pollResponseIndex: null,
    outcome: null,
    completed: false,
    challengeType: { options: [], questions: [] },
    ...overrides,
  };
}

const answered = { responseIndex: 1, response: null, pointsAwarded: 10, answeredAt: '2026-05-09T10:00:00.000Z' };

function question(id: string, answeredWith: number | null = null): TriviaQuestion {
  return {
    id,
    text: `Question ${id}`,
    points: 10,
    options: [],
    triviaUserResponse: answeredWith === null ? null : { questionId: id, answer: answeredWith, correct: true },
  };
}

describe('challenge completion (spec §4)', () => {
  it('an unanswered poll before its expiry is not complete', () => {
    expect(isChallengeComplete(challenge(), NOW)).toBe(false);
    expect(getChallengeState(challenge(), NOW)).toBe('open');
  });

  it('a poll with a user response is complete', () => {
    expect(isChallengeComplete(challenge({ userResponse: answered }), NOW)).toBe(true);
    expect(getChallengeState(challenge({ userResponse: answered }), NOW)).toBe('completed');
  });

  it('an unanswered poll whose expiry has passed is complete (and shown as expired)', () => {
    const c = challenge({ expiresOn: '2026-05-10T11:59:59.000Z' });
    expect(isChallengeComplete(c, NOW)).toBe(true);
    expect(getChallengeState(c, NOW)).toBe('expired');
  });

  it('expiry is inclusive: a challenge expiring exactly now is expired', () => {
    expect(isChallengeExpired({ expiresOn: NOW.toISOString() }, NOW)).toBe(true);
    expect(isChallengeExpired({ expiresOn: null }, NOW)).toBe(false);
  });

  it('a keyword (input) challenge is complete once answered or expired', () => {
    const keyword = challenge({ type: 'input', subtype: 'keyword' });
    expect(isChallengeComplete(keyword, NOW)).toBe(false);
    expect(isChallengeComplete({ ...keyword, userResponse: { ...answered, responseIndex: null, response: 'ALPINE' } }, NOW)).toBe(true);
    expect(isChallengeComplete({ ...keyword, expiresOn: '2026-05-01T00:00:00.000Z' }, NOW)).toBe(true);
  });

  it("a pick'em record with pollResponseIndex is complete when answered", () => {
    const pickem = challenge({ subtype: 'pickem', pollResponseIndex: 2 });
    expect(isChallengeComplete(pickem, NOW)).toBe(true);
    expect(isChallengeComplete({ ...pickem, pollResponseIndex: null }, NOW)).toBe(false);
  });

  it('a trivia quiz is complete only when every question has a user response', () => {
    const partial = challenge({
      type: 'trivia',
      subtype: 'trivia',
      challengeType: { options: [], questions: [question('q1', 0), question('q2')] },
    });
    expect(isChallengeComplete(partial, NOW)).toBe(false);
    expect(getChallengeState(partial, NOW)).toBe('open');
    const full = { ...partial, challengeType: { options: [], questions: [question('q1', 0), question('q2', 1)] } };
    expect(isChallengeComplete(full, NOW)).toBe(true);
  });

  it('a trivia quiz counts answers recorded only in userResponse.answers', () => {
    const c = challenge({
      type: 'trivia',
      subtype: 'trivia',
      userResponse: {
        status: 'completed',
        completedAt: null,
        score: 10,
        answers: [{ questionId: 'q1', answer: 0, correct: true }],
      },
      challengeType: { options: [], questions: [question('q1')] },
    });
    expect(isChallengeComplete(c, NOW)).toBe(true);
  });

  it('an expired, unanswered trivia quiz is not complete but can no longer be answered', () => {
    const c = challenge({
      type: 'trivia',
      subtype: 'trivia',
      expiresOn: '2026-05-01T00:00:00.000Z',
      challengeType: { options: [], questions: [question('q1')] },
    });
    expect(isChallengeComplete(c, NOW)).toBe(false);
    expect(getChallengeState(c, NOW)).toBe('expired');
  });

  it("a trivia quiz's state follows the server's completed answer", () => {
    const quiz = challenge({
      type: 'trivia',
      subtype: 'trivia',
      challengeType: { options: [], questions: [question('q1', 0)] },
    });
    expect(getChallengeState({ ...quiz, completed: true }, NOW)).toBe('completed');
    expect(getChallengeState({ ...quiz, completed: false }, NOW)).toBe('open');
  });

  it('a challenge not yet visible is upcoming', () => {
    expect(getChallengeState(challenge({ visibleFrom: '2026-05-11T00:00:00.000Z' }), NOW)).toBe('upcoming');
  });
});

describe("a pick'em locked before its end", () => {
  it('is locked between its kick-off and its end, and neither before nor after', () => {
    const pick = challenge({ subtype: 'pickem', locksAt: '2026-05-10T12:00:00.000Z', expiresOn: '2026-05-20T00:00:00.000Z' });
    expect(isLockedBeforeEnd(pick, new Date('2026-05-10T11:59:59.000Z'))).toBe(false);
    expect(isLockedBeforeEnd(pick, NOW)).toBe(true);
    expect(isLockedBeforeEnd(pick, new Date('2026-05-20T00:00:00.000Z'))).toBe(false);
    expect(getChallengeState(pick, NOW)).toBe('expired');
  });
});
