import { describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../../src/rules/calendar';

describe('calendar days (organization time zone)', () => {
  it('the same instant is a different day in Paris and in Los Angeles', () => {
    const at = new Date('2026-11-23T02:00:00Z');
    expect(dayInZone(at, 'Europe/Paris')).toBe('2026-11-23');
    expect(dayInZone(at, 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('adds and subtracts calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('an unknown time zone raises', () => {
    expect(() => dayInZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
