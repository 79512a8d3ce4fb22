import { describe, expect, it } from 'vitest';
import type { CheckinStatus } from '../../src/contracts/checkin';
import { applyOptimisticCheckin, getStreakWeek } from '../../src/features/checkin/checkin-streak';

const rewards = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, points: day * 10 }));
const status = (days: number, eligibleForCheckin: boolean): CheckinStatus => ({
  days,
  eligibleForCheckin,
  lastCheckinDay: null,
  nextRewardPoints: 10,
  rewards,
});

describe('check-in streak display', () => {
  it('a fan with a 2-day streak who has not checked in today sees 2 done and today to do', () => {
    expect(getStreakWeek(status(2, true)).map((d) => d.state)).toEqual([
      'done',
      'done',
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });

  it('a fan who checked in today sees today checked', () => {
    const week = getStreakWeek(status(3, false));
    expect(week[2]).toEqual({ day: 3, state: 'checked-today', points: 30 });
  });

  it('after a full week the strip starts the next week', () => {
    const week = getStreakWeek(status(7, true));
    expect(week[0]).toEqual({ day: 8, state: 'today', points: 10 });
    expect(getStreakWeek(status(7, false))[6].state).toBe('checked-today');
  });

  it('a new fan starts on day 1', () => {
    expect(getStreakWeek(status(0, true))[0].state).toBe('today');
  });
});

describe('optimistic check-in', () => {
  it('marks today done and adds one day to the streak', () => {
    const next = applyOptimisticCheckin(status(2, true));
    expect(next).toMatchObject({ days: 3, eligibleForCheckin: false, nextRewardPoints: 40 });
  });

  it('does nothing when already checked in today', () => {
    const s = status(2, false);
    expect(applyOptimisticCheckin(s)).toBe(s);
  });
});
