/**
 * The root route's `beforeLoad` (spec §2 main guard, first steps): who is visiting. Loads the organization, whose
 * token every later request carries, and the current user when a session token exists, and hands both to the
 * layouts' guards as route context (`context.session`). It decides nothing: the `_auth` and `_open` layouts guard
 * (`-guards.ts`), the root loader brands and preloads (`-preloads.ts`; decisions 0037, 0045).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Organization } from '../contracts/organization';
import type { User } from '../contracts/user';
import { setOrganizationToken } from '../api/credentials';
import { NetworkError } from '../api/errors';
import { getOrganizationQueryOptions } from '../lib/organization/get-organization';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';
import { getSessionToken } from '../lib/session/token-store';

/** The visitor as the guards see it: the organization, and the signed-in user or null. */
export interface Session {
  organization: Organization;
  user: User | null;
}

/**
 * Loads the current user when a session token exists; uses the cached user when the network is down. A `null`
 * cached while signed out (and persisted) is not trusted once a token exists: the user is fetched.
 */
async function loadUser(queryClient: QueryClient): Promise<User | null> {
  if (!getSessionToken()) return null;
  const options = getCurrentUserQueryOptions();
  try {
    if (queryClient.getQueryData(options.queryKey) === null) return await queryClient.fetchQuery(options);
    return await queryClient.ensureQueryData({ ...options, revalidateIfStale: true });
  } catch (error) {
    if (error instanceof NetworkError) return queryClient.getQueryData(options.queryKey) ?? null;
    throw error;
  }
}

/** Whether this app start already marked the organization's cached copy stale. */
let organizationRevalidated = false;

/**
 * Starts this app start's load of the organization before the first route (boot, once the runtime config and the
 * language are known, before the persisted cache is restored): the first screen waits on it, and its round trip then
 * overlaps the strings', the route chunks' and the restore instead of following them. It stands for the once-per-start
 * refresh of `loadSession`, whose guard then joins the request or reads the restored copy. Takes the query client;
 * returns nothing; a failure is left to the guard, which asks again.
 */
export function startOrganizationLoad(queryClient: QueryClient): void {
  organizationRevalidated = true;
  void queryClient.prefetchQuery(getOrganizationQueryOptions());
}

/**
 * Loads the session for one navigation (every navigation, the 404 page's included). Takes the router context;
 * resolves to `{session}`, the route context the layouts' guards read. Organization/user load failures other than
 * offline (`NetworkError`) propagate to the error page.
 */
export async function loadSession({ queryClient }: { queryClient: QueryClient }): Promise<{ session: Session }> {
  // A copy restored from IndexedDB may name the club as it was called before a rename: once per app start it counts
  // as stale, so it is shown at once and refreshed behind it.
  if (!organizationRevalidated) {
    organizationRevalidated = true;
    await queryClient.invalidateQueries({ queryKey: getOrganizationQueryOptions().queryKey, refetchType: 'none' });
  }
  // The organization first (bearer = organization key): a cache restored from IndexedDB has not run the fetch
  // that remembers its token, and the user request needs it.
  const organization = await queryClient.ensureQueryData({ ...getOrganizationQueryOptions(), revalidateIfStale: true });
  setOrganizationToken(organization.token || null);
  return { session: { organization, user: await loadUser(queryClient) } };
}
