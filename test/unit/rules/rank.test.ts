import { describe, expect, it } from 'vitest';
import type { Rank } from '../../../src/contracts/organization';
import { getRankProgress, rankFor, sortRanks } from '../../../src/rules/rank';

const RANKS: Rank[] = [
  { name: 'P8', title: 'Pit crew', threshold: 300 },
  { name: 'P10', title: 'Rookie', threshold: 0 },
  { name: 'P9', title: 'Supporter', threshold: 100 },
];

describe('rank from lifetime points (ARCHITECTURE §4)', () => {
  it('is the highest threshold reached, whatever the order of the ranks', () => {
    expect(rankFor(0, RANKS)).toBe('P10');
    expect(rankFor(99, RANKS)).toBe('P10');
    expect(rankFor(100, RANKS)).toBe('P9');
    expect(rankFor(5000, RANKS)).toBe('P8');
  });

  it('is P10 for an organization without ranks', () => {
    expect(rankFor(50, [])).toBe('P10');
  });

  it('sorts ranks lowest first', () => {
    expect(sortRanks(RANKS).map((r) => r.name)).toEqual(['P10', 'P9', 'P8']);
  });
});

describe('rank progress from the rank the server answered', () => {
  it('a new member is at the lowest rank with the points to the next one', () => {
    const p = getRankProgress(RANKS, 40, 'P10');
    expect(p.current?.name).toBe('P10');
    expect(p.next?.name).toBe('P9');
    expect(p.pointsToNext).toBe(60);
    expect(p.fraction).toBeCloseTo(0.4);
  });

  it("shows the server's rank, not one recomputed from the points", () => {
    expect(getRankProgress(RANKS, 120, 'P10').current?.name).toBe('P10');
  });

  it('falls back to the points when the organization does not list the answered rank', () => {
    expect(getRankProgress(RANKS, 100, 'P3').current?.name).toBe('P9');
  });

  it('at the top rank there is no next rank and the bar is full', () => {
    expect(getRankProgress(RANKS, 900, 'P8')).toMatchObject({ next: null, pointsToNext: 0, fraction: 1 });
  });

  it('without ranks there is no current rank', () => {
    expect(getRankProgress([], 10, 'P10').current).toBeNull();
  });
});
