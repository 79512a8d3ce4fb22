import { describe, expect, it } from 'vitest';
import { dayPosition, figuresAxis, periodDays, type FiguresAxis } from '../../../src/rules/figures-period';

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

/** The tick labels of `axis` as a browser draws them (English, UTC). */
const labels = (axis: FiguresAxis) =>
  axis.ticks.map((s) => new Intl.DateTimeFormat('en-GB', { ...axis.label, timeZone: 'UTC' }).format(new Date(s * 1000)));
const seconds = (instant: string) => Date.parse(instant) / 1000;

describe('the time axis of a figures chart', () => {
  it('today is the hours of that one day, 00:00 to 24:00 every 3 hours', () => {
    const axis = figuresAxis('today', '2026-11-27', '2026-11-27');
    expect(axis.unit).toBe('hour');
    expect([axis.min, axis.max]).toEqual([seconds('2026-11-27T00:00:00Z'), seconds('2026-11-28T00:00:00Z')]);
    expect(labels(axis)).toEqual(['00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00', '00:00']);
    expect(axis.ticks.at(-1)).toBe(axis.max);
  });

  it('7 days run from the first midnight to the last, a labelled tick in the middle of every day', () => {
    const axis = figuresAxis('7d', '2026-11-21', '2026-11-27');
    expect(axis.unit).toBe('day');
    expect([axis.min, axis.max]).toEqual([seconds('2026-11-21T00:00:00Z'), seconds('2026-11-28T00:00:00Z')]);
    expect(axis.ticks).toEqual(['21', '22', '23', '24', '25', '26', '27'].map((d) => dayPosition(`2026-11-${d}`)));
    expect(labels(axis)).toEqual(['Sat 21', 'Sun 22', 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27']);
  });

  it('30 days label 8 days, every 4th counted back from today', () => {
    const axis = figuresAxis('30d', '2026-10-29', '2026-11-27');
    expect(axis.unit).toBe('day');
    expect([axis.min, axis.max]).toEqual([seconds('2026-10-29T00:00:00Z'), seconds('2026-11-28T00:00:00Z')]);
    expect(labels(axis)).toEqual(['30 Oct', '3 Nov', '7 Nov', '11 Nov', '15 Nov', '19 Nov', '23 Nov', '27 Nov']);
  });

  it('the season is its months from 1 July, across the new year, ending on today', () => {
    const axis = figuresAxis('season', '2026-07-01', '2027-02-14');
    expect(axis.unit).toBe('month');
    expect([axis.min, axis.max]).toEqual([seconds('2026-07-01T00:00:00Z'), seconds('2027-02-15T00:00:00Z')]);
    expect(labels(axis)).toEqual(['Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec', 'Jan', 'Feb']);
    expect(figuresAxis('season', '2026-07-01', '2026-07-01').ticks).toEqual([seconds('2026-07-01T00:00:00Z')]);
  });

  it('every tick lies on the axis', () => {
    for (const [period, from, to] of [
      ['today', '2026-03-29', '2026-03-29'],
      ['7d', '2026-03-23', '2026-03-29'],
      ['30d', '2026-02-28', '2026-03-29'],
      ['season', '2025-07-01', '2026-06-30'],
    ] as const) {
      const axis = figuresAxis(period, from, to);
      expect(axis.ticks.every((tick) => tick >= axis.min && tick <= axis.max)).toBe(true);
    }
  });
});
