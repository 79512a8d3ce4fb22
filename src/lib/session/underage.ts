/**
 * Underage rule (spec §5, §9; ARCHITECTURE §5): a user is underage when their age computed from the birthday is
 * under 18. No birthday means not underage. The 18th birthday itself counts as adult.
 */

/** Adult age in years (spec §9). */
export const ADULT_AGE = 18;

/**
 * Age in whole years on `today` for a `YYYY-MM-DD` birthday, comparing calendar dates (no time-zone drift).
 * Takes the birthday string and the reference date (default now, read in local time). Returns the age in years,
 * or null when the birthday is not a valid date. A 29 February birthday has its anniversary on 1 March in common
 * years.
 */
export function ageOn(birthday: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const [ty, tm, td] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  let age = ty - year;
  if (tm < month || (tm === month && td < day)) age -= 1;
  return age;
}

/**
 * Whether the user is underage (spec §5). Takes the birthday (`YYYY-MM-DD`, or null/undefined) and the reference
 * date. Returns false without a (valid) birthday; true when the age is under `ADULT_AGE`.
 */
export function isUnderage(birthday: string | null | undefined, today: Date = new Date()): boolean {
  if (!birthday) return false;
  const age = ageOn(birthday, today);
  return age !== null && age < ADULT_AGE;
}
