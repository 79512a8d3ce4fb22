import { describe, expect, it } from 'vitest';
import type { Rank } from '../../src/contracts/organization';
import { detectLevelUp } from '../../src/features/ranks/level-up';
import { getRankProgress } from '../../src/features/ranks/rank-progress';

const RANKS: Rank[] = [
  { name: 'P8', title: 'Pit crew', threshold: 300 },
  { name: 'P10', title: 'Rookie', threshold: 0 },
  { name: 'P9', title: 'Supporter', threshold: 100 },
];

describe('rank progress', () => {
  it('a new member is at the lowest rank with the points to the next one', () => {
    const p = getRankProgress(RANKS, 40);
    expect(p.current?.name).toBe('P10');
    expect(p.next?.name).toBe('P9');
    expect(p.pointsToNext).toBe(60);
    expect(p.fraction).toBeCloseTo(0.4);
  });

  it('derives the rank from lifetime points when the threshold is reached exactly', () => {
    const p = getRankProgress(RANKS, 100);
    expect(p.current?.name).toBe('P9');
    expect(p.pointsToNext).toBe(200);
    expect(p.fraction).toBe(0);
  });

  it("prefers the server's rank code when given", () => {
    expect(getRankProgress(RANKS, 120, 'P9').current?.name).toBe('P9');
  });

  it('at the top rank there is no next rank and the bar is full', () => {
    expect(getRankProgress(RANKS, 900)).toMatchObject({ next: null, pointsToNext: 0, fraction: 1 });
  });

  it('without ranks there is no current rank', () => {
    expect(getRankProgress([], 10).current).toBeNull();
  });
});

describe('level-up detection (spec §4)', () => {
  it('a higher rank for the same user after a refetch is a level-up', () => {
    expect(detectLevelUp({ userId: 'u', rank: 'P10' }, { userId: 'u', rank: 'P9' })).toEqual({
      userId: 'u',
      from: 'P10',
      to: 'P9',
    });
  });

  it('the same rank, another user, or no previous user is not a level-up', () => {
    expect(detectLevelUp({ userId: 'u', rank: 'P9' }, { userId: 'u', rank: 'P9' })).toBeNull();
    expect(detectLevelUp({ userId: 'u', rank: 'P10' }, { userId: 'v', rank: 'P1' })).toBeNull();
    expect(detectLevelUp(null, { userId: 'u', rank: 'P1' })).toBeNull();
    expect(detectLevelUp({ userId: 'u', rank: 'P8' }, null)).toBeNull();
  });

  it('a lower rank is not celebrated', () => {
    expect(detectLevelUp({ userId: 'u', rank: 'P8' }, { userId: 'u', rank: 'P9' })).toBeNull();
  });
});
