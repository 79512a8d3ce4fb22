/**
 * Shared `Intl` formatters, built once per language and options and reused by every render, and the relative time
 * of the cards (challenges, sweepstakes). Building a formatter
 * is not free: the page's first number formatter loads the browser's number data (a long task on a phone), and
 * cards that build one per render and per item repeat the rest of that work on every update.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F>(cache: Map<string, F>, language: string, options: object | undefined, build: () => F): F {
  const key = `${language}|${options ? JSON.stringify(options) : ''}`;
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

/** Returns the `Intl.NumberFormat` of `language` with `options`, built on first use. */
export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, language, options, () => new Intl.NumberFormat(language, options));
}

/** Returns the `Intl.DateTimeFormat` of `language` with `options`, built on first use. */
export function dateTimeFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, language, options, () => new Intl.DateTimeFormat(language, options));
}

/** Returns the `Intl.RelativeTimeFormat` of `language` with `options`, built on first use. */
function relativeTimeFormat(language: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, language, options, () => new Intl.RelativeTimeFormat(language, options));
}

/** The units of `formatRelativeTime`, largest first, with their length in ms. */
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * Formats `target - now` as a relative time in the largest fitting unit (days, hours, minutes), for cards.
 * @param target ISO timestamp
 * @param now reference time
 * @param language BCP 47 language (e.g. `en`, `fr`)
 * @returns e.g. "in 3 days", "2 hours ago", "dans 2 heures"; "this minute" within a minute
 */
export function formatRelativeTime(target: string, now: Date, language: string): string {
  const diff = Date.parse(target) - now.getTime();
  const rtf = relativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.trunc(diff / ms), unit);
  }
  return rtf.format(0, 'minute');
}
