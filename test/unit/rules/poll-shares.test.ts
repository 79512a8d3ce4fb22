import { describe, expect, it } from 'vitest';
import { canSeePollResults, pollResultsRefusal, pollShares, type PollResultsFacts } from '../../../src/rules/poll-shares';

const facts = (over: Partial<PollResultsFacts> = {}): PollResultsFacts => ({
  subtype: 'poll',
  resultsHidden: false,
  answered: false,
  expired: false,
  locked: false,
  ...over,
});

describe('poll shares', () => {
  it('are whole percentages that always sum to 100, by largest remainder', () => {
    expect(pollShares([1, 1, 1])).toEqual([34, 33, 33]);
    expect(pollShares([2, 1])).toEqual([67, 33]);
    expect(pollShares([1, 0, 3])).toEqual([25, 0, 75]);
    expect(pollShares([7, 5, 1])).toEqual([54, 38, 8]);
    for (const counts of [
      [1, 1, 1, 1, 1, 1, 1],
      [13, 29, 58, 1],
      [999, 1, 1],
    ]) {
      expect(pollShares(counts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });

  it('are all zero when nobody answered', () => {
    expect(pollShares([0, 0])).toEqual([0, 0]);
  });

  it('give a ten-way tie ten equal shares', () => {
    expect(pollShares(Array(10).fill(3))).toEqual(Array(10).fill(10));
  });
});

describe('who may see poll results', () => {
  it('a poll shows them once answered or ended', () => {
    expect(pollResultsRefusal(facts())).toBe('NotAnswered');
    expect(canSeePollResults(facts({ answered: true }))).toBe(true);
    expect(canSeePollResults(facts({ expired: true }))).toBe(true);
  });

  it("a pick'em shows them only once locked, answered or not", () => {
    expect(pollResultsRefusal(facts({ subtype: 'pickem', answered: true }))).toBe('NotLocked');
    expect(canSeePollResults(facts({ subtype: 'pickem', locked: true }))).toBe(true);
    expect(canSeePollResults(facts({ subtype: 'pickem', expired: true }))).toBe(true);
  });

  it('hidden results show to nobody', () => {
    expect(pollResultsRefusal(facts({ resultsHidden: true, answered: true, expired: true }))).toBe('Hidden');
    expect(pollResultsRefusal(facts({ subtype: 'pickem', resultsHidden: true, locked: true }))).toBe('Hidden');
  });

  it('arcade, keyword and quiz challenges have no results to show', () => {
    for (const subtype of ['arcade', 'keyword', 'trivia'] as const) {
      expect(pollResultsRefusal(facts({ subtype, answered: true, expired: true, locked: true }))).toBe('NoResults');
    }
  });
});
