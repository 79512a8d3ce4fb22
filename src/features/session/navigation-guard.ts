/**
 * Navigation guard decisions (spec §2 "Navigation guards", in order; ARCHITECTURE §3). Pure functions: the
 * `beforeLoad` of the `_auth` layout (members-only pages) and of the `_open` layout (pages marked open) gather the
 * facts (user, config, stored redirect) and apply the decision (redirect, remember or forget the post-login path);
 * `src/routes/-guards.ts` does the gathering. Unknown paths match neither layout: the 404 page renders for everyone
 * and no rule applies. Each rule is unit-tested in `test/unit/guards.test.ts`.
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

/** Who is navigating and what is remembered: the facts both the member and the open-route guards decide on. */
interface RouteGuardInput {
  /** Pathname of the destination, e.g. `/challenges/poll`. */
  pathname: string;
  /** Full path with search and hash, remembered for after sign-in, e.g. `/challenges/poll?x=1`. */
  fullPath: string;
  /** The signed-in user, or null. */
  user: { isNewUser: boolean; underage: boolean } | null;
  /** The remembered post-login path, or null. */
  storedRedirect: string | null;
}

export type MemberGuardInput = RouteGuardInput;

export interface OpenGuardInput extends RouteGuardInput {
  /** Runtime flag: logged-off dashboard mode. */
  loggedOffDashboard: boolean;
}

/**
 * The main guard (spec §2) on a members-only route, the pages under the `_auth` layout. Rules, in the spec's order:
 * - no user: the full path is remembered and the visitor goes to `/` (also in logged-off dashboard mode, where `/`
 *   is the public dashboard);
 * - the stored post-login redirect, after `/welcome` for a new user (see `withStoredRedirect`);
 * - new user (isNewUser) on `/dashboard`, not underage: to `/welcome`;
 * - underage user on `/welcome`, `/profile/edit`, `/games/poll`, `/contests`, `/benefits`: to `/dashboard`.
 * Returns the decision; never throws.
 */
export function decideMemberGuard(input: MemberGuardInput): GuardDecision {
  const user = input.user;
  if (!user) return { action: 'redirect', to: '/', rememberPath: input.fullPath };
  return withStoredRedirect(input, (path) => {
    if (path === '/dashboard' && user.isNewUser && !user.underage) return { action: 'redirect', to: '/welcome' };
    if (user.underage && UNDERAGE_BLOCKED_PATHS.includes(path)) return { action: 'redirect', to: '/dashboard' };
    return { action: 'allow' };
  });
}

/**
 * The main guard (spec §2) on a route marked open (`/`, `/login`, `/login/verify-email`, under the `_open`
 * layout). Rules, in the spec's order:
 * - no user: allowed (in logged-off dashboard mode too, so that a visitor can sign in);
 * - the stored post-login redirect (see `withStoredRedirect`);
 * - a signed-in user goes to `/` in logged-off dashboard mode (staying there when already on `/`), else to
 *   `/dashboard`.
 * Returns the decision; never throws.
 */
export function decideOpenGuard(input: OpenGuardInput): GuardDecision {
  if (!input.user) return { action: 'allow' };
  return withStoredRedirect(input, (path) => {
    if (input.loggedOffDashboard) return path === '/' ? { action: 'allow' } : { action: 'redirect', to: '/' };
    return { action: 'redirect', to: '/dashboard' };
  });
}

/**
 * Spec §2: after sign-in the stored redirect path is used once and cleared, unless it is `/welcome` or `/dashboard`
 * (then it is only cleared and the route's own rules apply). A new user who is not underage goes through `/welcome`
 * first and the stored path waits for them, unless it is the console: an invitee gets a name before landing where they were
 * invited, instead of showing as a hidden fan. Takes the input of a signed-in user and the route's rules,
 * `decide(normalizedPath)`; returns the stored path's redirect, the onboarding detour, or the route's decision.
 */
function withStoredRedirect(input: RouteGuardInput, decide: (path: string) => GuardDecision): GuardDecision {
  const path = normalizePath(input.pathname);
  const stored = input.storedRedirect;
  if (!stored) return decide(path);
  const storedPath = normalizePath(stored.split(/[?#]/)[0]);
  if (!IGNORED_POST_LOGIN_PATHS.includes(storedPath) && stored !== input.fullPath) {
    // The detour guards fan pages only: an operator coming back to the console is not sent through fan onboarding.
    const toConsole = storedPath === '/admin' || storedPath.startsWith('/admin/');
    if (input.user?.isNewUser && !input.user.underage && !toConsole)
      return path === '/welcome' ? { action: 'allow' } : { action: 'redirect', to: '/welcome' };
    return { action: 'redirect', to: stored, clearStoredRedirect: true };
  }
  return { ...decide(path), clearStoredRedirect: true };
}

/**
 * A `redirect` search parameter (`/login?redirect=/admin`, the shape of TanStack Router's authenticated-routes
 * example) as a path to return to after sign-in, or undefined. Pure. Takes the raw search value; keeps only a
 * same-origin absolute path: a string starting with a single `/` (not `//` or `/\`, which browsers read as another
 * host), at most 2,000 characters, with no control characters.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  return /[\u0000-\u001f\u007f]/.test(value) ? undefined : value;
}

/** The decision of the console's guard: let in, ask to sign in (coming back to `redirect`), or refuse. */
type OperatorGuardDecision = { action: 'allow' } | { action: 'sign-in'; redirect: string } | { action: 'deny' };

/**
 * The operator console's guard (`/admin` and every page under it). Pure. Takes the signed-in user's
 * role (null when signed out) and the full path asked for; returns:
 * - signed out: 'sign-in', to `/login` with the full path to come back to after sign-in;
 * - an operator: 'allow' (fan onboarding does not stand between an operator and the console: it guards fan pages);
 * - any other member: 'deny' (the page says the console is for operators).
 */
export function decideOperatorGuard(input: { role: string | null; fullPath: string }): OperatorGuardDecision {
  if (input.role === null) return { action: 'sign-in', redirect: input.fullPath };
  return input.role === 'operator' ? { action: 'allow' } : { action: 'deny' };
}
