/**
 * Points that expire (docs/decisions/0091): each award is a lot that expires `pointsExpireAfterDays` calendar days
 * after the day it was earned (the organization's time zone), and every use of points (a spend, an operator's
 * negative adjustment, an earlier expiry) consumes the oldest lots first. Because consumption always covers the
 * oldest lots, what expires by a day needs no lots tracked anywhere:
 *
 *   expiring by day D = max(0, points earned in lots expiring on or before D − every point consumed so far)
 *
 * which never exceeds the balance, so a member never loses points that were spent. Lifetime points (the rank) are
 * not touched by expiry. The server's set-based job (`server/jobs/points-expiry.ts`) computes the same sums in
 * SQL; a server test holds the two to agree.
 */
import { addDays, dayInZone } from './calendar';

/** One ledger row as the rule reads it: signed amount (positive earns, negative consumes) and when it was written. */
export type ExpiryLedgerEntry = { amount: number; createdAt: Date | string };

/** The organization's setting: days a lot lives (null = points never expire), and its IANA time zone. */
type PointsExpirySetting = { pointsExpireAfterDays: number | null; timeZone: string };

/** The next expiry of a member: how many points, and the day (`YYYY-MM-DD`, organization time) they expire on. */
export type NextExpiry = { points: number; on: string };

/** Days before an expiry a member is reminded of it (by push and e-mail, once per expiry day). */
export const EXPIRY_REMINDER_DAYS = 7;

/** The ledger reference of a member's expiry row on `day`: one per member and day, which makes the job idempotent. */
export function expiryReference(day: string): string {
  return `expiry:${day}`;
}

/**
 * The day (`YYYY-MM-DD`) points earned at `earnedAt` expire on: the earning day in `timeZone` plus `days`.
 * @throws RangeError when `timeZone` is not a zone `Intl` knows
 */
export function lotExpiryDay(earnedAt: Date | string, days: number, timeZone: string): string {
  return addDays(dayInZone(new Date(earnedAt), timeZone), days);
}

/** Points consumed so far: the sum of the negative rows, as a positive number. */
function consumed(entries: ExpiryLedgerEntry[]): number {
  return entries.reduce((sum, e) => (e.amount < 0 ? sum - e.amount : sum), 0);
}

/**
 * Points of `entries` that have expired by `day` (`YYYY-MM-DD`) and are not expired yet: what the expiry job
 * removes on that day. 0 when the setting is empty.
 * @returns a non-negative integer, never more than the balance of `entries`
 */
export function pointsExpiringBy(entries: ExpiryLedgerEntry[], setting: PointsExpirySetting, day: string): number {
  const days = setting.pointsExpireAfterDays;
  if (days === null) return 0;
  let earned = 0;
  for (const e of entries) if (e.amount > 0 && lotExpiryDay(e.createdAt, days, setting.timeZone) <= day) earned += e.amount;
  return Math.max(0, earned - consumed(entries));
}

/**
 * The member's next expiry at `now`: the first day, from today on (organization time), on which some of their
 * points expire, and how many, assuming they spend nothing until then. Points whose day has passed but that the
 * job has not removed yet count as expiring today.
 * @returns `{points, on}`, or null when nothing will expire (setting empty, or every earned point consumed)
 */
export function nextExpiry(entries: ExpiryLedgerEntry[], setting: PointsExpirySetting, now: Date): NextExpiry | null {
  const days = setting.pointsExpireAfterDays;
  if (days === null) return null;
  const today = dayInZone(now, setting.timeZone);
  const earnedBy = new Map<string, number>();
  for (const e of entries) {
    if (e.amount <= 0) continue;
    const expiry = lotExpiryDay(e.createdAt, days, setting.timeZone);
    const on = expiry < today ? today : expiry;
    earnedBy.set(on, (earnedBy.get(on) ?? 0) + e.amount);
  }
  const used = consumed(entries);
  let earned = 0;
  for (const on of [...earnedBy.keys()].sort()) {
    earned += earnedBy.get(on)!;
    if (earned > used) return { points: earned - used, on };
  }
  return null;
}

/** True when a reminder of an expiry on `on` is due `today` (both `YYYY-MM-DD`): within the reminder window. */
export function isReminderDue(on: string, today: string): boolean {
  return on >= today && on <= addDays(today, EXPIRY_REMINDER_DAYS);
}
