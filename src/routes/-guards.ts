/**
 * The two route guards of spec §2 "Navigation guards", one per pathless layout, and the console's:
 * - `guardMemberRoute`, the `_auth` layout's `beforeLoad`: every members-only page;
 * - `guardOpenRoute`, the `_open` layout's `beforeLoad`: the pages marked open (`/`, `/login`, `/login/verify-email`);
 * - `guardOperatorRoute`, the `/admin` layout's `beforeLoad`: the operator console, operators only (visitors sign in
 *   first and come back).
 * Each takes the session the root route loaded (`-session.ts`), asks the pure decisions in
 * `features/session/navigation-guard.ts`, and applies them: throws `redirect`, remembers or forgets the post-login
 * path. They decide only: branding and preloads are the root route's loader (`-preloads.ts`). They live in the app
 * layer (`routes/`) because they tie several features together.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { RuntimeConfig } from '../contracts/config';
import type { User } from '../contracts/user';
import { NetworkError } from '../api/errors';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';
import {
  decideHostedNewUserRedirect,
  decideMemberGuard,
  decideOpenGuard,
  decideOperatorGuard,
  normalizePath,
  type GuardDecision,
} from '../features/session/navigation-guard';
import { clearPostLoginRedirect, getPostLoginRedirect, setPostLoginRedirect } from '../features/session/post-login-redirect';
import { isMemberUnderage } from '../lib/session/underage';
import type { Session } from './-session';

interface GuardArgs {
  context: { queryClient: QueryClient; config: RuntimeConfig; session: Session };
  location: ParsedLocation;
  /** True for intent preloads: decisions apply, but nothing is written to storage. */
  preload: boolean;
}

/**
 * Re-reads the user from the server before a guard acts on a cached fact: the member guard sending them from
 * /dashboard to /welcome on the strength of a cached `isNewUser` (the cache, restored from IndexedDB, may predate
 * their onboarding, completed a moment ago or on another device), the console's guard refusing a cached `member`
 * role (granted since?). Takes the cached user; returns the server's, or the cached one when offline
 * (`NetworkError`). Other API errors propagate to the error page.
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

/** The facts every main-guard rule reads, from the session and the destination. */
function facts(session: Session, user: User | null, location: ParsedLocation) {
  return {
    pathname: location.pathname,
    fullPath: location.href,
    user: user ? { isNewUser: user.isNewUser, underage: isMemberUnderage(user, session.organization) } : null,
    storedRedirect: getPostLoginRedirect(),
  };
}

/**
 * Guards a members-only page (`_auth` layout). Takes the `beforeLoad` arguments; resolves when the navigation may
 * go on, throws a TanStack `redirect` otherwise (see `decideMemberGuard`). A failed refetch other than offline
 * propagates to the error page.
 */
export async function guardMemberRoute({ context, location, preload }: GuardArgs): Promise<void> {
  const { queryClient, session } = context;
  let user = session.user;
  if (user?.isNewUser && !preload && normalizePath(location.pathname) === '/dashboard') user = await confirmNewUser(queryClient, user);
  apply(decideMemberGuard(facts(session, user, location)), preload);
}

/**
 * Guards a page marked open (`_open` layout). Takes the `beforeLoad` arguments and whether a `/welcome` route
 * exists in this build; resolves when the navigation may go on, throws a TanStack `redirect` otherwise: guard 1
 * (hosted-session new user on `/` to `/welcome`, `decideHostedNewUserRedirect`) first, then the main guard
 * (`decideOpenGuard`). Never rejects otherwise.
 */
export function guardOpenRoute({ context, location, preload, welcomeRouteExists }: GuardArgs & { welcomeRouteExists: boolean }): void {
  const { config, session } = context;
  apply(
    decideHostedNewUserRedirect({
      authMode: config.auth.mode,
      pathname: location.pathname,
      userCreatedAt: session.user?.createdAt ?? null,
      welcomeRouteExists,
      now: Date.now(),
    }),
    preload,
  );
  apply(decideOpenGuard({ ...facts(session, session.user, location), loggedOffDashboard: config.loggedOffDashboard }), preload);
}

/**
 * Thrown by the console's guard for a signed-in member who is not an operator: the `/admin` route's error component
 * says the console is for the club's operators (status 403 for the error page's rules).
 */
export class ConsoleAccessDeniedError extends Error {
  readonly status = 403;
  constructor() {
    super('The operator console is for operators');
    this.name = 'ConsoleAccessDeniedError';
  }
}

/**
 * Guards the operator console (`/admin` layout). Takes the `beforeLoad` arguments; resolves for a
 * signed-in operator (`role: 'operator'` from `GET /user/me`), sends a signed-out visitor to `/login?redirect=<the
 * console URL>` (a TanStack `redirect`) and throws `ConsoleAccessDeniedError` for any other member. Fan onboarding
 * does not apply here. A cached user who is not an operator is read again from the server first: the role may have
 * been granted since (offline, the cached user decides). The admin API checks the role on every request.
 */
export async function guardOperatorRoute({ context, location, preload }: GuardArgs): Promise<void> {
  let user = context.session.user;
  if (user && user.role !== 'operator' && !preload) user = await confirmNewUser(context.queryClient, user);
  const decision = decideOperatorGuard({ role: user?.role ?? null, fullPath: location.href });
  if (decision.action === 'sign-in') throw redirect({ to: '/login', search: { redirect: decision.redirect }, replace: true });
  if (decision.action === 'deny') throw new ConsoleAccessDeniedError();
}
