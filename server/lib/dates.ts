/**
 * Calendar helpers. Time-zone conversion is left to `Intl` (no hand-written offsets); days are `YYYY-MM-DD`
 * strings, and day arithmetic is plain calendar arithmetic on them (no time zone involved).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (`YYYY-MM-DD`) of instant `at` in the IANA time zone `timeZone`. */
export function dayInZone(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/** `day` plus `n` calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** True when `timeZone` is an IANA zone `Intl` knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
