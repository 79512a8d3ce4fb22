/**
 * Relative time of a challenge's expiry, for cards ("in 3 days", "dans 2 heures").
 * Pure: takes the time and language; uses the shared `Intl.RelativeTimeFormat` of the language.
 */
import { relativeTimeFormat } from '../../platform/intl-formats';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * Formats `target - now` as a relative time in the largest fitting unit (days, hours, minutes).
 * @param target ISO timestamp
 * @param now reference time
 * @param language BCP 47 language (e.g. `en`, `fr`)
 * @returns e.g. "in 3 days", "2 hours ago"; "now" within a minute
 */
export function formatRelativeTime(target: string, now: Date, language: string): string {
  const diff = Date.parse(target) - now.getTime();
  const rtf = relativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  }
  return rtf.format(0, 'minute');
}
