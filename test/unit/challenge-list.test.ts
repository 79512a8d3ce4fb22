import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/contracts/challenge';
import {
  countOpenBySubtype,
  filterVisibleChallenges,
  groupChallengesBySubtype,
  partitionChallenges,
  selectChallengesToDo,
  sortChallenges,
} from '../../src/features/challenges/challenge-list';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const answered = (at: string) => ({ responseIndex: 0, response: null, pointsAwarded: 5, answeredAt: at });

function challenge(id: string, overrides: Partial<Challenge> = {}): Challenge {
  return {
    challengeId: id,
    type: 'poll',
    subtype: 'poll',
    title: id,
    description: null,
    mediaId: null,
    visibleFrom: '2026-05-01T00:00:00.000Z',
    expiresOn: null,
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

const ids = (list: Challenge[]) => list.map((c) => c.challengeId);

describe('challenge list rules', () => {
  it('drops challenges on the exclusion list and those not yet visible', () => {
    const list = [challenge('a'), challenge('excluded'), challenge('later', { visibleFrom: '2026-05-11T00:00:00.000Z' }), challenge('b')];
    expect(ids(filterVisibleChallenges(list, ['excluded'], NOW))).toEqual(['a', 'b']);
  });

  it('sorts open challenges first by soonest expiry (no expiry last), then completed ones newest first', () => {
    const list = [
      challenge('done-old', { userResponse: answered('2026-05-02T00:00:00.000Z') }),
      challenge('open-no-expiry'),
      challenge('open-late', { expiresOn: '2026-06-01T00:00:00.000Z' }),
      challenge('done-new', { userResponse: answered('2026-05-09T00:00:00.000Z') }),
      challenge('open-soon', { expiresOn: '2026-05-11T00:00:00.000Z' }),
    ];
    expect(ids(sortChallenges(list, NOW))).toEqual(['open-soon', 'open-late', 'open-no-expiry', 'done-new', 'done-old']);
  });

  it('partitions into open, completed and expired', () => {
    const list = [
      challenge('open'),
      challenge('done', { userResponse: answered('2026-05-02T00:00:00.000Z') }),
      challenge('gone', { expiresOn: '2026-05-05T00:00:00.000Z' }),
    ];
    const parts = partitionChallenges(list, NOW);
    expect(ids(parts.open)).toEqual(['open']);
    expect(ids(parts.completed)).toEqual(['done']);
    expect(ids(parts.expired)).toEqual(['gone']);
  });

  it('groups by subtype with every subtype present', () => {
    const groups = groupChallengesBySubtype([
      challenge('p', { subtype: 'pickem' }),
      challenge('k', { type: 'input', subtype: 'keyword' }),
      challenge('p2', { subtype: 'pickem' }),
    ]);
    expect(ids(groups.pickem)).toEqual(['p', 'p2']);
    expect(ids(groups.keyword)).toEqual(['k']);
    expect(groups.poll).toEqual([]);
    expect(groups.arcade).toEqual([]);
    expect(groups.trivia).toEqual([]);
  });

  it('counts only open challenges per subtype', () => {
    const counts = countOpenBySubtype(
      [
        challenge('a', { subtype: 'arcade' }),
        challenge('b', { subtype: 'arcade', userResponse: answered('2026-05-02T00:00:00.000Z') }),
        challenge('c', { subtype: 'arcade', expiresOn: '2026-05-01T00:00:00.000Z' }),
        challenge('d'),
      ],
      NOW,
    );
    expect(counts).toEqual({ poll: 1, pickem: 0, arcade: 1, trivia: 0, keyword: 0 });
  });

  it('the dashboard shows at most five open, visible, non-excluded challenges, soonest expiry first', () => {
    const list = Array.from({ length: 8 }, (_, i) =>
      challenge(`c${i}`, { expiresOn: `2026-05-${String(20 - i).padStart(2, '0')}T00:00:00.000Z` }),
    );
    list.push(challenge('x', { expiresOn: '2026-05-11T00:00:00.000Z' }));
    list.push(challenge('answered', { userResponse: answered('2026-05-02T00:00:00.000Z') }));
    expect(ids(selectChallengesToDo(list, ['x'], NOW))).toEqual(['c7', 'c6', 'c5', 'c4', 'c3']);
  });
});
