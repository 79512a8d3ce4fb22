/**
 * Where a suspension (decision 0053) stops a member: at sign-in and on every request of theirs. The rule itself is
 * `src/rules/suspension.ts`; this turns it into the API's answer.
 */
import { isSuspended, type SuspensionFields } from '../../src/rules/suspension';
import { ApiError } from '../lib/errors';

/**
 * Refuses a suspended member: at sign-in and on every request of theirs, which is where earning and spending are
 * stopped.
 * @throws ApiError 403 AccountSuspended, `details.until` the end of the suspension (ISO) or null until lifted
 */
export function assertNotSuspended(member: SuspensionFields, now: Date): void {
  if (!isSuspended(member, now)) return;
  const until = member.suspendedUntil === null ? null : new Date(member.suspendedUntil).toISOString();
  throw new ApiError(403, 'AccountSuspended', until ? `This account is suspended until ${until}` : 'This account is suspended', { until });
}
