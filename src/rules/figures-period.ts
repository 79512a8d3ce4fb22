/**
 * The days a figures period covers (decision 0056), in the organization's calendar: `today` is today alone, `7d`
 * and `30d` end today and count today among their 7 or 30 days, and `season` runs from the most recent 1 July
 * (a club season, July to June) to today. Days are `YYYY-MM-DD` strings; `today` comes from `dayInZone`.
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
