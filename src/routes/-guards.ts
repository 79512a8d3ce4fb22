/**
 * The root route's `beforeLoad` (spec §2 "Navigation guards", in order). Gathers the facts, asks the pure
 * decisions in `features/session/navigation-guard.ts`, and applies them: throws `redirect`, remembers or forgets
 * the post-login path. Also loads the organization and the current user and preloads what the signed-in pages need
 * (non-blocking). Lives in the app layer (`routes/`) because it ties several features together.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../contracts/config';
import type { User } from '../contracts/user';
import { NetworkError } from '../api/errors';
import { getOrganizationQueryOptions } from '../lib/organization/get-organization';
import { applyOrganization } from '../features/organization/branding';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';
import { decideHostedNewUserRedirect, decideMainGuard, normalizePath, type GuardDecision } from '../features/session/navigation-guard';
import { clearPostLoginRedirect, getPostLoginRedirect, setPostLoginRedirect } from '../features/session/post-login-redirect';
import { getSessionToken } from '../lib/session/token-store';
import { isUnderage } from '../lib/session/underage';
import { getChallengesQueryOptions } from '../features/challenges/api/get-challenges';
import { getCheckinQueryOptions } from '../features/checkin/api/get-checkin';
import { afterFirstRender } from '../platform/after-first-render';

export interface GuardArgs {
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

/**
 * Starts the preloads of spec §2; never blocks or throws. What the dashboard shows (challenges, check-in) starts
 * at once; the rest (sweepstakes, stories, videos, playlists, articles, activations) starts after the first
 * render, from its own chunk, so it stays off the first screen (docs/decisions/0006-first-load-budget.md).
 */
function preloadForUser(queryClient: QueryClient): void {
  // Spec §2 also lists user identification and rewards: rewards are built-in cards (no call), identification
  // has no query of its own.
  void queryClient.prefetchQuery(getChallengesQueryOptions());
  void queryClient.prefetchQuery(getCheckinQueryOptions());
  afterFirstRender(() => import('./-preload-content').then((m) => m.preloadContentForUser(queryClient)));
}

/** Logged-off dashboard (spec §2): sweepstakes with the organization key, and challenges. */
function preloadForLoggedOffDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(getChallengesQueryOptions());
  void import('./-preload-content').then((m) => m.preloadContentForVisitor(queryClient));
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

let lastDecidedUnderage = false;

/**
 * Whether the last (non-preload) guard run decided on an underage user. The root compares it with the fresh user:
 * the guard decides on the cached user, which a background refetch may then show to be underage.
 */
export function guardsDecidedUnderage(): boolean {
  return lastDecidedUnderage;
}

/**
 * Runs the guards for one navigation. Takes the `beforeLoad` arguments; resolves when the navigation may go on,
 * throws a TanStack `redirect` otherwise. Organization/user load failures other than offline propagate to the
 * error page.
 */
export async function runNavigationGuards({ context, location, matches, preload, welcomeRouteExists }: GuardArgs): Promise<void> {
  const { queryClient, config } = context;

  // Main guard, step 1: the organization (bearer = organization key); then x-org-token and brand colour.
  const organization = await queryClient.ensureQueryData({ ...getOrganizationQueryOptions(), revalidateIfStale: true });
  applyOrganization(organization);

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

  if (user) preloadForUser(queryClient);
  else if (config.loggedOffDashboard) preloadForLoggedOffDashboard(queryClient);

  const leaf = matches[matches.length - 1];
  if (!preload) lastDecidedUnderage = Boolean(user && isUnderage(user.birthday));
  apply(
    decideMainGuard({
      pathname: location.pathname,
      fullPath: location.href,
      routeFound: Boolean(leaf && leaf.routeId !== '__root__'),
      routeOpen: Boolean(leaf?.staticData?.open),
      user: user ? { isNewUser: user.isNewUser, underage: isUnderage(user.birthday) } : null,
      loggedOffDashboard: config.loggedOffDashboard,
      storedRedirect: getPostLoginRedirect(),
    }),
    preload,
  );
}
