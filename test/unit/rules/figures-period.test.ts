import { describe, expect, it } from 'vitest';
import { periodDays } from '../../../src/rules/figures-period';

describe('figures periods', () => {
  it('today is one day; 7 and 30 days end today and count it', () => {
    expect(periodDays('today', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(periodDays('7d', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(periodDays('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('the season starts on the most recent 1 July, that day included', () => {
    expect(periodDays('season', '2026-11-23')).toEqual({ from: '2026-07-01', to: '2026-11-23' });
    expect(periodDays('season', '2026-07-01')).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(periodDays('season', '2026-06-30')).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(periodDays('season', '2027-01-02')).toEqual({ from: '2026-07-01', to: '2027-01-02' });
  });
});
