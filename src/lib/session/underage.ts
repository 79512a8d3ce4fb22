/**
 * The member's underage state on the client: the shared rule (`src/rules/underage.ts`) evaluated in the
 * ORGANIZATION's time zone, like the server, never the device's (spec §5; ARCHITECTURE §5).
 */
import type { Organization } from '../../contracts/organization';
import type { User } from '../../contracts/user';
import { isUnderage } from '../../rules/underage';
import { useOrganization } from '../organization/get-organization';
import { useCurrentUser } from './get-current-user';

/**
 * Whether `user` is underage at `now`.
 * @param user the signed-in user, or null/undefined for a visitor (never underage)
 * @param organization the organization whose `timeZone` decides today's date; the guards load it before any page
 *   renders, so the device's zone is used only if it is somehow absent
 */
export function isMemberUnderage(
  user: Pick<User, 'birthday'> | null | undefined,
  organization: Pick<Organization, 'timeZone'> | null | undefined,
  now: Date = new Date(),
): boolean {
  const timeZone = organization?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isUnderage(user?.birthday, now, timeZone);
}

/** Hook: whether the current user (from the query cache) is underage in the organization's time zone. */
export function useIsUnderage(): boolean {
  const { data: user } = useCurrentUser();
  const { data: organization } = useOrganization();
  return isMemberUnderage(user, organization);
}
