import { describe, expect, it } from 'vitest';
import { currentStreak, rewardForStreakDay } from '../../../src/rules/checkin';

const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, points: day * 10 }));

describe('check-in reward ladder (spec §3, ARCHITECTURE §5)', () => {
  it('streak day n earns the rung for day n, and the ladder repeats as a cycle', () => {
    expect(rewardForStreakDay(week, 1)).toBe(10);
    expect(rewardForStreakDay(week, 7)).toBe(70);
    expect(rewardForStreakDay(week, 8)).toBe(10);
    expect(rewardForStreakDay(week, 15)).toBe(10);
  });

  it('a ladder given out of order still pays by day number', () => {
    expect(rewardForStreakDay([...week].reverse(), 2)).toBe(20);
  });

  it('a ladder with gaps pays on the days it names, nothing in between, and cycles on its highest day', () => {
    const gaps = [
      { day: 1, points: 10 },
      { day: 3, points: 30 },
      { day: 7, points: 100 },
    ];
    expect([1, 2, 3, 4, 5, 6, 7, 8, 10].map((d) => rewardForStreakDay(gaps, d))).toEqual([10, 0, 30, 0, 0, 0, 100, 10, 30]);
  });

  it('no ladder, or a day before the first, earns nothing', () => {
    expect(rewardForStreakDay([], 3)).toBe(0);
    expect(rewardForStreakDay(week, 0)).toBe(0);
  });
});

describe('check-in streak (ARCHITECTURE §5)', () => {
  it('is alive while the last check-in was today or yesterday', () => {
    expect(currentStreak({ day: '2026-11-23', streakDay: 4 }, '2026-11-23')).toBe(4);
    expect(currentStreak({ day: '2026-11-22', streakDay: 4 }, '2026-11-23')).toBe(4);
  });

  it('is broken after a missed day, across a month end too, and 0 without any check-in', () => {
    expect(currentStreak({ day: '2026-11-21', streakDay: 4 }, '2026-11-23')).toBe(0);
    expect(currentStreak({ day: '2026-10-31', streakDay: 2 }, '2026-11-01')).toBe(2);
    expect(currentStreak(undefined, '2026-11-23')).toBe(0);
  });
});
