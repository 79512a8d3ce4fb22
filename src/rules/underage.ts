/**
 * Underage (spec §5, §9; ARCHITECTURE §5): under 18 on today's date in the ORGANIZATION's time zone (the server
 * and the client evaluate it the same way, whatever the device's zone). No birthday means not underage; the 18th
 * birthday itself counts as adult; a 29 February birthday comes of age on 1 March in common years.
 */
import { dayInZone } from './calendar';

/** Adult age, in years (spec §9). */
export const ADULT_AGE = 18;

/**
 * Whether a member with `birthday` is underage at `now`.
 * @param birthday `YYYY-MM-DD`, or null/undefined (not underage)
 * @param now the instant to judge at
 * @param timeZone the organization's IANA time zone
 * @returns true when the member is younger than {@link ADULT_AGE} on today's date in `timeZone`
 */
export function isUnderage(birthday: string | null | undefined, now: Date, timeZone: string): boolean {
  if (!birthday) return false;
  const today = dayInZone(now, timeZone);
  // Comparing `YYYY-MM-DD` strings: a birthday after "today, 18 years ago" is under 18.
  const cutoff = `${String(Number(today.slice(0, 4)) - ADULT_AGE).padStart(4, '0')}${today.slice(4)}`;
  return birthday > cutoff;
}
