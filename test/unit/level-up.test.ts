import { describe, expect, it } from 'vitest';
import { detectLevelUp } from '../../src/features/ranks/level-up';

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
