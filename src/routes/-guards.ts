/**
 * The root route's `beforeLoad` (spec §2 "Navigation guards", in order). Loads the facts the decisions need (the
 * organization, whose token later requests carry, and the current user), asks the pure decisions in
 * `features/session/navigation-guard.ts`, and applies them: throws `redirect`, remembers or forgets the post-login
 * path. It decides only: branding and preloads are the root route's loader (`-preloads.ts`). Lives in the app
 * layer (`routes/`) because it ties several features together.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../contracts/config';
import type { User } from '../contracts/user';
import { setOrganizationToken } from '../api/credentials';
import { NetworkError } from '../api/errors';
import { getOrganizationQueryOptions } from '../lib/organization/get-organization';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';
import { decideHostedNewUserRedirect, decideMainGuard, normalizePath, type GuardDecision } from '../features/session/navigation-guard';
import { clearPostLoginRedirect, getPostLoginRedirect, setPostLoginRedirect } from '../features/session/post-login-redirect';
import { getSessionToken } from '../lib/session/token-store';
import { isMemberUnderage } from '../lib/session/underage';

interface GuardArgs {
  context: { queryClient: QueryClient; config: RuntimeConfig };
  location: ParsedLocation;
  matches: ReadonlyArray<{ routeId: unknown; staticData?: { open?: boolean } }>;
  /** True for intent preloads: decisions apply, but nothing is written to storage. */
  preload: boolean;
  /** Whether a `/welcome` route exists in this build. */
  welcomeRouteExists: boolean;
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

/**
 * Re-reads the user from the server before the main guard sends them from /dashboard to /welcome on the strength of
 * a cached `isNewUser`: the cache (restored from IndexedDB, saved at most every 300 ms) may predate their
 * onboarding, completed a moment ago or on another device. Takes the cached user; returns the server's, or the
 * cached one when offline (`NetworkError`). Other API errors propagate like `loadUser`'s.
 */
async function confirmNewUser(queryClient: QueryClient, cached: User): Promise<User> {
  try {
    return (await queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 })) ?? cached;
  } catch (error) {
    if (error instanceof NetworkError) return cached;
    throw error;
  }
}

function apply(decision: GuardDecision, preload: boolean): void {
  if (!preload) {
    if (decision.clearStoredRedirect) clearPostLoginRedirect();
    if (decision.action === 'redirect' && decision.rememberPath && decision.rememberPath !== '/') {
      setPostLoginRedirect(decision.rememberPath);
    }
  }
  if (decision.action === 'redirect') throw redirect({ href: decision.to, replace: true });
}

/**
 * Runs the guards for one navigation. Takes the `beforeLoad` arguments; resolves when the navigation may go on,
 * throws a TanStack `redirect` otherwise. Organization/user load failures other than offline propagate to the
 * error page.
 */
export async function runNavigationGuards({ context, location, matches, preload, welcomeRouteExists }: GuardArgs): Promise<void> {
  const { queryClient, config } = context;

  // Main guard, step 1: the organization (bearer = organization key), whose token every later request carries
  // (a cache restored from IndexedDB has not run the fetch that remembers it).
  const organization = await queryClient.ensureQueryData({ ...getOrganizationQueryOptions(), revalidateIfStale: true });
  setOrganizationToken(organization.token || null);

  // Main guard, step 2: the current user when a session token exists.
  let user = await loadUser(queryClient);
  if (user?.isNewUser && !preload && normalizePath(location.pathname) === '/dashboard') user = await confirmNewUser(queryClient, user);

  // Guard 1: hosted-session new user on / -> /welcome.
  apply(
    decideHostedNewUserRedirect({
      authMode: config.auth.mode,
      pathname: location.pathname,
      userCreatedAt: user?.createdAt ?? null,
      welcomeRouteExists,
      now: Date.now(),
    }),
    preload,
  );

  const leaf = matches[matches.length - 1];
  const underage = isMemberUnderage(user, organization);
  apply(
    decideMainGuard({
      pathname: location.pathname,
      fullPath: location.href,
      routeFound: Boolean(leaf && leaf.routeId !== '__root__'),
      routeOpen: Boolean(leaf?.staticData?.open),
      user: user ? { isNewUser: user.isNewUser, underage } : null,
      loggedOffDashboard: config.loggedOffDashboard,
      storedRedirect: getPostLoginRedirect(),
    }),
    preload,
  );
}
