import { describe, expect, it } from 'vitest';
import {
  expiryReference,
  isReminderDue,
  lotExpiryDay,
  nextExpiry,
  pointsExpiringBy,
  type ExpiryLedgerEntry,
} from '../../../src/rules/points-expiry';

const paris = { pointsExpireAfterDays: 30, timeZone: 'Europe/Paris' };
const never = { pointsExpireAfterDays: null, timeZone: 'Europe/Paris' };
const row = (amount: number, createdAt: string): ExpiryLedgerEntry => ({ amount, createdAt });

describe('points expiry', () => {
  it('a lot expires the given number of days after the day it was earned, in the club’s time zone', () => {
    expect(lotExpiryDay('2026-11-01T10:00:00Z', 30, 'Europe/Paris')).toBe('2026-12-01');
    // 23:30 UTC on 1 Nov is already 2 Nov in Paris.
    expect(lotExpiryDay('2026-11-01T23:30:00Z', 30, 'Europe/Paris')).toBe('2026-12-02');
    expect(expiryReference('2026-12-01')).toBe('expiry:2026-12-01');
  });

  it('nothing expires when the setting is empty', () => {
    const entries = [row(100, '2020-01-01T10:00:00Z')];
    expect(pointsExpiringBy(entries, never, '2026-12-01')).toBe(0);
    expect(nextExpiry(entries, never, new Date('2026-12-01T10:00:00Z'))).toBeNull();
  });

  it('spending uses the oldest points first, so spent points never expire', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(50, '2026-10-20T10:00:00Z'), row(-80, '2026-10-25T10:00:00Z')];
    // The October 1 lot (100) expires on 31 Oct; 80 of it were spent.
    expect(pointsExpiringBy(entries, paris, '2026-10-30')).toBe(0);
    expect(pointsExpiringBy(entries, paris, '2026-10-31')).toBe(20);
    expect(pointsExpiringBy(entries, paris, '2026-11-19')).toBe(70);
  });

  it('a spend larger than the oldest lot eats into the next one before anything expires', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(50, '2026-10-20T10:00:00Z'), row(-120, '2026-10-25T10:00:00Z')];
    expect(pointsExpiringBy(entries, paris, '2026-10-31')).toBe(0);
    expect(pointsExpiringBy(entries, paris, '2026-11-19')).toBe(30);
  });

  it('an expiry already written counts as consumed, so a second run removes nothing more', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(-100, '2026-10-31T02:00:00Z')];
    expect(pointsExpiringBy(entries, paris, '2026-10-31')).toBe(0);
  });

  it('what expires never exceeds the balance', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(200, '2026-11-10T10:00:00Z'), row(-250, '2026-11-11T10:00:00Z')];
    const balance = entries.reduce((s, e) => s + e.amount, 0);
    expect(pointsExpiringBy(entries, paris, '2027-01-01')).toBe(balance);
  });

  it('the next expiry is the first day from today on that takes points, with how many', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(50, '2026-10-20T10:00:00Z'), row(-100, '2026-10-25T10:00:00Z')];
    expect(nextExpiry(entries, paris, new Date('2026-10-26T10:00:00Z'))).toEqual({ points: 50, on: '2026-11-19' });
    expect(nextExpiry([...entries, row(-50, '2026-10-27T10:00:00Z')], paris, new Date('2026-10-28T10:00:00Z'))).toBeNull();
  });

  it('points past their day that the job has not removed yet show as expiring today', () => {
    const entries = [row(100, '2026-10-01T10:00:00Z'), row(40, '2026-11-20T10:00:00Z')];
    expect(nextExpiry(entries, paris, new Date('2026-11-05T10:00:00Z'))).toEqual({ points: 100, on: '2026-11-05' });
  });

  it('a reminder is due from seven days before the expiry day until the day itself', () => {
    expect(isReminderDue('2026-12-12', '2026-12-05')).toBe(true);
    expect(isReminderDue('2026-12-12', '2026-12-04')).toBe(false);
    expect(isReminderDue('2026-12-12', '2026-12-12')).toBe(true);
    expect(isReminderDue('2026-12-12', '2026-12-13')).toBe(false);
  });
});
