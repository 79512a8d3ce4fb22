/**
 * Navigation guard decisions (spec §2 "Navigation guards", in order; ARCHITECTURE §3). Pure functions: the root
 * route's `beforeLoad` gathers the facts (route marks, user, config, stored redirect) and applies the decision
 * (redirect, remember or forget the post-login path). Each rule is unit-tested in `test/unit/guards.test.ts`.
 */

/** New-user window of the hosted-session guard, in milliseconds (spec §9: 150000 ms). */
export const NEW_USER_WINDOW_MS = 150_000;

/** Paths underage users may not open (spec §2, §6). */
export const UNDERAGE_BLOCKED_PATHS: readonly string[] = ['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits'];

/** Stored redirect targets that are never used as the post-login destination (spec §2). */
const IGNORED_POST_LOGIN_PATHS: readonly string[] = ['/welcome', '/dashboard'];

/** The result of a guard: go on, or redirect (optionally remembering or forgetting the post-login path). */
export type GuardDecision =
  | { action: 'allow'; clearStoredRedirect?: boolean }
  | { action: 'redirect'; to: string; rememberPath?: string; clearStoredRedirect?: boolean };

/** Normalises a pathname: no trailing slash except for `/`. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

interface HostedNewUserGuardInput {
  authMode: 'local' | 'supabase';
  pathname: string;
  /** Creation time of the signed-in session user (ISO-8601), or null without a user. */
  userCreatedAt: string | null;
  /** Whether a `/welcome` route exists (spec §2: "used only if the route exists"). */
  welcomeRouteExists: boolean;
  /** Current time, in epoch milliseconds. */
  now: number;
}

/**
 * Guard 1 (spec §2): in hosted-session (Supabase) mode, a user created less than 150000 ms ago who lands on `/`
 * goes to `/welcome`. Returns 'allow' in every other case (local mode, no user, other path, older account).
 */
export function decideHostedNewUserRedirect(input: HostedNewUserGuardInput): GuardDecision {
  if (input.authMode !== 'supabase' || !input.welcomeRouteExists || !input.userCreatedAt) return { action: 'allow' };
  if (normalizePath(input.pathname) !== '/') return { action: 'allow' };
  const created = Date.parse(input.userCreatedAt);
  if (Number.isNaN(created)) return { action: 'allow' };
  const age = input.now - created;
  return age >= 0 && age < NEW_USER_WINDOW_MS ? { action: 'redirect', to: '/welcome' } : { action: 'allow' };
}

export interface MainGuardInput {
  /** Pathname of the destination, e.g. `/challenges/poll`. */
  pathname: string;
  /** Full path with search and hash, remembered for after sign-in, e.g. `/challenges/poll?x=1`. */
  fullPath: string;
  /** False when no route matched (the 404 page renders for everyone, so no rule applies). */
  routeFound: boolean;
  /** The destination route is marked open (`staticData.open`). */
  routeOpen: boolean;
  /** The signed-in user, or null. */
  user: { isNewUser: boolean; underage: boolean } | null;
  /** Runtime flag: logged-off dashboard mode. */
  loggedOffDashboard: boolean;
  /** The remembered post-login path, or null. */
  storedRedirect: string | null;
}

/**
 * Guard 2, the main guard (spec §2), after the organization and user are loaded. Rules, in the spec's order:
 * - no user, logged-off dashboard on: a path other than `/` (and not an open sign-in route) is remembered and
 *   redirects to `/`;
 * - no user: a route not marked open remembers its full path and redirects to `/`;
 * - user with a stored redirect: it is used once and cleared, unless it is `/welcome` or `/dashboard` (then it is
 *   only cleared);
 * - user on a route marked open: to `/` in logged-off dashboard mode (staying there when already on `/`), else to
 *   `/dashboard`;
 * - new user (isNewUser) on `/dashboard`, not underage: to `/welcome`;
 * - underage user on `/welcome`, `/profile/edit`, `/games/poll`, `/contests`, `/benefits`: to `/dashboard`.
 * Returns the decision; never throws.
 */
export function decideMainGuard(input: MainGuardInput): GuardDecision {
  const path = normalizePath(input.pathname);
  if (!input.routeFound) return { action: 'allow' };

  if (!input.user) {
    if (input.loggedOffDashboard) {
      if (path === '/' || input.routeOpen) return { action: 'allow' };
      return { action: 'redirect', to: '/', rememberPath: input.fullPath };
    }
    if (input.routeOpen) return { action: 'allow' };
    return { action: 'redirect', to: '/', rememberPath: input.fullPath };
  }

  if (input.storedRedirect) {
    const stored = input.storedRedirect;
    const storedPath = normalizePath(stored.split(/[?#]/)[0]);
    if (IGNORED_POST_LOGIN_PATHS.includes(storedPath)) {
      const next = decideSignedIn(path, input);
      return { ...next, clearStoredRedirect: true };
    }
    if (stored !== input.fullPath) return { action: 'redirect', to: stored, clearStoredRedirect: true };
    return { ...decideSignedIn(path, input), clearStoredRedirect: true };
  }
  return decideSignedIn(path, input);
}

function decideSignedIn(path: string, input: MainGuardInput): GuardDecision {
  const user = input.user!;
  if (input.routeOpen) {
    if (input.loggedOffDashboard) return path === '/' ? { action: 'allow' } : { action: 'redirect', to: '/' };
    return { action: 'redirect', to: '/dashboard' };
  }
  if (path === '/dashboard' && user.isNewUser && !user.underage) return { action: 'redirect', to: '/welcome' };
  if (user.underage && UNDERAGE_BLOCKED_PATHS.includes(path)) return { action: 'redirect', to: '/dashboard' };
  return { action: 'allow' };
}
