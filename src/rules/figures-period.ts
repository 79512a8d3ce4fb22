/**
 * The days a figures period covers (decision 0056), in the organization's calendar: `today` is today alone, `7d`
 * and `30d` end today and count today among their 7 or 30 days, and `season` runs from the most recent 1 July
 * (a club season, July to June) to today. Days are `YYYY-MM-DD` strings; `today` comes from `dayInZone`. The time
 * axis of a chart over a period (`figuresAxis`) fits the period: hours of the day, days or months.
 */
import type { FiguresPeriod } from '../contracts/admin/figures';
import { addDays } from './calendar';

/** First day of a season: the season runs from 1 July to 30 June. */
const SEASON_START = '-07-01';

/**
 * The first and last day (inclusive) of `period` ending on `today`.
 * @param period `today`, `7d`, `30d` or `season`
 * @param today the organization's current day, `YYYY-MM-DD`
 * @returns `{from, to}`, both `YYYY-MM-DD`, `to` being `today`
 */
export function periodDays(period: FiguresPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'season': {
      const year = Number(today.slice(0, 4));
      const thisYear = `${today.slice(0, 4)}${SEASON_START}`;
      return { from: today >= thisYear ? thisYear : `${String(year - 1).padStart(4, '0')}${SEASON_START}`, to: today };
    }
  }
}

/** How a chart's time axis is cut: hours of one day, days, or months. */
export type AxisUnit = 'hour' | 'day' | 'month';

/**
 * The time axis of a figures chart over a period. Calendar days of the organization are placed at
 * UTC (a day `D` runs from `D`T00:00Z to the next midnight), so the axis reads the organization's days whatever
 * the browser's time zone; every instant is in epoch seconds and labels are formatted in UTC.
 */
export interface FiguresAxis {
  unit: AxisUnit;
  /** Start of the axis: midnight of the period's first day, epoch seconds. */
  min: number;
  /** End of the axis: midnight after the period's last day, epoch seconds. */
  max: number;
  /** Where the axis has a tick and a label, epoch seconds, ascending, all within `[min, max]`. */
  ticks: number[];
  /** `Intl.DateTimeFormat` options of a tick's label (to use with `timeZone: 'UTC'`). */
  label: Intl.DateTimeFormatOptions;
}

const HOUR_SECONDS = 3_600;
const DAY_SECONDS = 86_400;
/** Hours between two ticks of a one-day axis. */
const HOURS_PER_TICK = 3;
/** Most day ticks an axis gets: a 30-day axis labels every 5th day. */
const MAX_DAY_TICKS = 8;

/** Epoch seconds of midnight (UTC placement) of `day`, `YYYY-MM-DD`. */
const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Epoch seconds where a chart places the value of `day`: the middle of the day, so a day's bar sits inside its
 * day on the axis.
 */
export function dayPosition(day: string): number {
  return midnight(day) + DAY_SECONDS / 2;
}

/**
 * The axis of a chart of `period` over `from`..`to` (inclusive days, `periodDays`): its range is the period's
 * days exactly, and its ticks fit the period: `today` is the hours of that one day (00:00 to 24:00, every 3
 * hours), `7d` every day, `30d` every few days (at most 8 labels, counted back from the last day), `season` the
 * first of every month. Day ticks sit in the middle of their day, under its bar.
 * @param period the period picked
 * @param from first day, `YYYY-MM-DD`
 * @param to last day, `YYYY-MM-DD` (not before `from`)
 * @returns the axis (see `FiguresAxis`)
 */
export function figuresAxis(period: FiguresPeriod, from: string, to: string): FiguresAxis {
  const min = midnight(from);
  const max = midnight(to) + DAY_SECONDS;
  const days = Math.round((max - min) / DAY_SECONDS);
  switch (period) {
    case 'today': {
      const ticks = Array.from({ length: 24 / HOURS_PER_TICK + 1 }, (_, i) => min + i * HOURS_PER_TICK * HOUR_SECONDS);
      return { unit: 'hour', min, max, ticks, label: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } };
    }
    case '7d':
    case '30d': {
      const step = Math.ceil(days / MAX_DAY_TICKS);
      const ticks: number[] = [];
      for (let day = to; day >= from; day = addDays(day, -step)) ticks.unshift(dayPosition(day));
      return {
        unit: 'day',
        min,
        max,
        ticks,
        label: period === '7d' ? { weekday: 'short', day: 'numeric' } : { month: 'short', day: 'numeric' },
      };
    }
    case 'season': {
      const ticks: number[] = [];
      let month = `${from.slice(0, 7)}-01`;
      if (month < from) month = nextMonth(month);
      for (; month <= to; month = nextMonth(month)) ticks.push(midnight(month));
      return { unit: 'month', min, max, ticks, label: { month: 'short' } };
    }
  }
}

/** The first day of the month after the month of `day` (`YYYY-MM-01`). */
function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${day.slice(0, 4)}-${String(month + 1).padStart(2, '0')}-01`;
}
