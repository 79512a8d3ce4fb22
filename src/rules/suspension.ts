/**
 * Suspension (an operator's member care, decision 0053): a suspended member cannot earn, spend or sign in, and
 * is left out of sweepstake draws. A suspension runs from `suspendedAt` until `suspendedUntil`, or until an
 * operator lifts it when `suspendedUntil` is null.
 */

/** The suspension fields of a member row. */
export type SuspensionFields = { suspendedAt: Date | string | null; suspendedUntil: Date | string | null };

/**
 * Whether a member is suspended at `now`.
 * @param member the member's `suspendedAt` / `suspendedUntil` (Date or ISO string; null = not set)
 * @param now the instant to judge at
 * @returns true from `suspendedAt` until `suspendedUntil` (excluded), or indefinitely when it is null
 */
export function isSuspended(member: SuspensionFields, now: Date): boolean {
  if (member.suspendedAt === null) return false;
  if (member.suspendedUntil === null) return true;
  return new Date(member.suspendedUntil).getTime() > now.getTime();
}
