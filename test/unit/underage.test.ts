import { describe, expect, it } from 'vitest';
import { ADULT_AGE, ageOn, isUnderage } from '../../src/lib/session/underage';

const on = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12, 0, 0);

describe('underage rule (spec §5: under 18 from birthday; no birthday = not underage)', () => {
  it('adult age is 18', () => {
    expect(ADULT_AGE).toBe(18);
  });

  it('a user without a birthday is not underage', () => {
    expect(isUnderage(null, on(2026, 11, 22))).toBe(false);
    expect(isUnderage(undefined, on(2026, 11, 22))).toBe(false);
    expect(isUnderage('', on(2026, 11, 22))).toBe(false);
  });

  it('on the 18th birthday itself the user is an adult', () => {
    expect(isUnderage('2008-11-22', on(2026, 11, 22))).toBe(false);
    expect(ageOn('2008-11-22', on(2026, 11, 22))).toBe(18);
  });

  it('the day before the 18th birthday the user is underage', () => {
    expect(isUnderage('2008-11-22', on(2026, 11, 21))).toBe(true);
    expect(ageOn('2008-11-22', on(2026, 11, 21))).toBe(17);
  });

  it('a month before the 18th birthday the user is underage, a month after an adult', () => {
    expect(isUnderage('2008-12-22', on(2026, 11, 22))).toBe(true);
    expect(isUnderage('2008-10-22', on(2026, 11, 22))).toBe(false);
  });

  it('a child and a long-time adult', () => {
    expect(isUnderage('2015-03-01', on(2026, 11, 22))).toBe(true);
    expect(isUnderage('1970-01-01', on(2026, 11, 22))).toBe(false);
  });

  it('a 29 February birthday turns 18 on 1 March in a common year', () => {
    expect(isUnderage('2008-02-29', on(2026, 2, 28))).toBe(true);
    expect(isUnderage('2008-02-29', on(2026, 3, 1))).toBe(false);
  });

  it('an invalid date is not treated as underage', () => {
    expect(isUnderage('2008-02-30', on(2026, 11, 22))).toBe(false);
    expect(isUnderage('not a date', on(2026, 11, 22))).toBe(false);
    expect(ageOn('2008-13-01', on(2026, 11, 22))).toBeNull();
  });
});
