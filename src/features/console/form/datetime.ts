/**
 * Date-time fields of the console are entered as the organization's wall-clock time (its IANA `timeZone`, e.g.
 * `Europe/Paris`), whatever the operator's own computer says, and sent as UTC instants. The conversion is
 * `@date-fns/tz` (`TZDate`): no time zone arithmetic here.
 */
import { TZDate } from '@date-fns/tz';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The value of an `<input type="datetime-local">` showing `iso` in `timeZone`.
 * Takes an ISO instant (or null) and an IANA zone; returns `YYYY-MM-DDTHH:mm`, or '' for null or an unreadable date.
 */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const local = new TZDate(at, timeZone);
  return `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The UTC instant of a wall-clock `YYYY-MM-DDTHH:mm` in `timeZone` (a time skipped by a daylight-saving change is
 * moved forward as `TZDate` does). Returns the ISO string (`...Z`), or null for '' or a malformed value.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = LOCAL_INPUT.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const local = new TZDate(y, mo - 1, d, h, mi, timeZone);
  const at = local.getTime();
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** The current instant as wall-clock input in `timeZone`, rounded down to the minute. */
export function nowZonedInput(timeZone: string, now: Date = new Date()): string {
  return toZonedInput(now.toISOString(), timeZone);
}
