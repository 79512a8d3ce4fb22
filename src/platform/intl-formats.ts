/**
 * Shared `Intl` formatters, built once per language and options and reused by every render. Building a formatter
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
export function relativeTimeFormat(language: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(relativeTimeFormats, language, options, () => new Intl.RelativeTimeFormat(language, options));
}
