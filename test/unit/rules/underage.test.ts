import { describe, expect, it } from 'vitest';
import { ADULT_AGE, isUnderage } from '../../../src/rules/underage';

const UTC = 'UTC';
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

describe('underage rule (spec §5: under 18 from birthday; no birthday = not underage)', () => {
  it('adult age is 18', () => {
    expect(ADULT_AGE).toBe(18);
  });

  it('a user without a birthday is not underage', () => {
    expect(isUnderage(null, noon('2026-11-22'), UTC)).toBe(false);
    expect(isUnderage(undefined, noon('2026-11-22'), UTC)).toBe(false);
    expect(isUnderage('', noon('2026-11-22'), UTC)).toBe(false);
  });

  it('on the 18th birthday itself the user is an adult; the day before, underage', () => {
    expect(isUnderage('2008-11-22', noon('2026-11-22'), UTC)).toBe(false);
    expect(isUnderage('2008-11-22', noon('2026-11-21'), UTC)).toBe(true);
  });

  it('a month before the 18th birthday the user is underage, a month after an adult', () => {
    expect(isUnderage('2008-12-22', noon('2026-11-22'), UTC)).toBe(true);
    expect(isUnderage('2008-10-22', noon('2026-11-22'), UTC)).toBe(false);
  });

  it('a child and a long-time adult', () => {
    expect(isUnderage('2015-03-01', noon('2026-11-22'), UTC)).toBe(true);
    expect(isUnderage('1970-01-01', noon('2026-11-22'), UTC)).toBe(false);
  });

  it('a 29 February birthday turns 18 on 1 March in a common year', () => {
    expect(isUnderage('2008-02-29', noon('2026-02-28'), UTC)).toBe(true);
    expect(isUnderage('2008-02-29', noon('2026-03-01'), UTC)).toBe(false);
  });

  it("is judged on today's date in the organization's time zone, not the device's", () => {
    // 23:30 UTC on the eve of the 18th birthday: already the birthday in Paris, still the eve in New York.
    const at = new Date('2026-11-21T23:30:00Z');
    expect(isUnderage('2008-11-22', at, 'Europe/Paris')).toBe(false);
    expect(isUnderage('2008-11-22', at, 'America/New_York')).toBe(true);
  });
});
