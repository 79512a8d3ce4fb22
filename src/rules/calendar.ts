/**
 * Calendar days as `YYYY-MM-DD` strings. Time-zone conversion is left to the platform's `Intl` (no hand-written
 * offsets, no date library: docs/decisions/0036); day arithmetic is plain calendar arithmetic on the strings.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (`YYYY-MM-DD`) of instant `at` in the IANA time zone `timeZone`.
 * @throws RangeError when `timeZone` is not a zone `Intl` knows
 */
export function dayInZone(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(at);
}

/** `day` (`YYYY-MM-DD`) plus `n` calendar days (n may be negative); returns `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
