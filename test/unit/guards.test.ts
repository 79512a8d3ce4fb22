import { describe, expect, it } from 'vitest';
import {
  decideHostedNewUserRedirect,
  decideMemberGuard,
  decideOpenGuard,
  NEW_USER_WINDOW_MS,
  normalizePath,
  type MemberGuardInput,
  type OpenGuardInput,
} from '../../src/features/session/navigation-guard';
import { currentTab, tabFromPath } from '../../src/components/tabs';
import { describeRouteError, RouteValidationError } from '../../src/components/route-error';

const adult = { isNewUser: false, underage: false };
const base: MemberGuardInput = { pathname: '/dashboard', fullPath: '/dashboard', user: adult, storedRedirect: null };
/** The member guard (`_auth` layout) on `/dashboard` for an adult, with overrides. */
const guard = (overrides: Partial<MemberGuardInput>) => decideMemberGuard({ ...base, ...overrides });
/** The open-route guard (`_open` layout) on `/login` for an adult, with overrides. */
const openGuard = (overrides: Partial<OpenGuardInput>) =>
  decideOpenGuard({ ...base, pathname: '/login', fullPath: '/login', loggedOffDashboard: false, ...overrides });

describe('guard 1: hosted-session new user on / goes to /welcome (spec §2, §9: 150000 ms)', () => {
  const now = Date.parse('2026-11-22T10:00:00.000Z');
  const input = {
    authMode: 'supabase' as const,
    pathname: '/',
    userCreatedAt: new Date(now - 60_000).toISOString(),
    welcomeRouteExists: true,
    now,
  };

  it('a user created a minute ago landing on / in hosted-session mode goes to /welcome', () => {
    expect(decideHostedNewUserRedirect(input)).toEqual({ action: 'redirect', to: '/welcome' });
  });

  it('the window is 150000 ms: at 149999 ms it applies, at 150000 ms it does not', () => {
    expect(NEW_USER_WINDOW_MS).toBe(150_000);
    expect(decideHostedNewUserRedirect({ ...input, userCreatedAt: new Date(now - 149_999).toISOString() }).action).toBe('redirect');
    expect(decideHostedNewUserRedirect({ ...input, userCreatedAt: new Date(now - 150_000).toISOString() }).action).toBe('allow');
  });

  it('does not apply in local auth mode, on other paths, without a user or without a /welcome route', () => {
    expect(decideHostedNewUserRedirect({ ...input, authMode: 'local' }).action).toBe('allow');
    expect(decideHostedNewUserRedirect({ ...input, pathname: '/dashboard' }).action).toBe('allow');
    expect(decideHostedNewUserRedirect({ ...input, userCreatedAt: null }).action).toBe('allow');
    expect(decideHostedNewUserRedirect({ ...input, welcomeRouteExists: false }).action).toBe('allow');
  });
});

describe('main guard: visitors (spec §2)', () => {
  it('a visitor on a members-only route is sent to / and its full path is remembered', () => {
    expect(guard({ user: null, pathname: '/challenges/poll', fullPath: '/challenges/poll?tab=open#top' })).toEqual({
      action: 'redirect',
      to: '/',
      rememberPath: '/challenges/poll?tab=open#top',
    });
  });

  it('a visitor may open routes marked open (/, /login, /login/verify-email)', () => {
    expect(openGuard({ user: null, pathname: '/', fullPath: '/' }).action).toBe('allow');
    expect(openGuard({ user: null, pathname: '/login', fullPath: '/login' }).action).toBe('allow');
    expect(openGuard({ user: null, pathname: '/login/verify-email', fullPath: '/login/verify-email' }).action).toBe('allow');
  });

  it('logged-off dashboard: a visitor stays on /', () => {
    expect(openGuard({ user: null, loggedOffDashboard: true, pathname: '/', fullPath: '/' }).action).toBe('allow');
  });

  it('a visitor on /dashboard is sent to / with the path remembered, logged-off dashboard or not (/ is where both start)', () => {
    expect(guard({ user: null, pathname: '/dashboard', fullPath: '/dashboard' })).toEqual({
      action: 'redirect',
      to: '/',
      rememberPath: '/dashboard',
    });
  });

  it('logged-off dashboard: the sign-in routes stay reachable', () => {
    expect(openGuard({ user: null, loggedOffDashboard: true, pathname: '/login', fullPath: '/login' }).action).toBe('allow');
  });
});

describe('main guard: post-login redirect (spec §2: used once and cleared, unless /welcome or /dashboard)', () => {
  it('after sign-in the stored path is used once and cleared', () => {
    expect(guard({ storedRedirect: '/challenges/poll?x=1' })).toEqual({
      action: 'redirect',
      to: '/challenges/poll?x=1',
      clearStoredRedirect: true,
    });
  });

  it('arriving on the stored path itself clears it and continues', () => {
    expect(guard({ pathname: '/challenges/poll', fullPath: '/challenges/poll', storedRedirect: '/challenges/poll' })).toEqual({
      action: 'allow',
      clearStoredRedirect: true,
    });
  });

  it('a stored /dashboard or /welcome is not used, only cleared', () => {
    expect(guard({ pathname: '/dashboard', storedRedirect: '/dashboard' })).toEqual({ action: 'allow', clearStoredRedirect: true });
    expect(guard({ pathname: '/profile', fullPath: '/profile', storedRedirect: '/welcome' })).toEqual({
      action: 'allow',
      clearStoredRedirect: true,
    });
  });

  it('a cleared /dashboard redirect still lets the new-user rule apply', () => {
    expect(guard({ user: { isNewUser: true, underage: false }, storedRedirect: '/dashboard' })).toEqual({
      action: 'redirect',
      to: '/welcome',
      clearStoredRedirect: true,
    });
  });

  it('a new user goes through /welcome first and the stored path waits for them, then is used once', () => {
    const newcomer = { isNewUser: true, underage: false };
    const invite = '/leagues/join/abcdefgh1234';
    expect(openGuard({ user: newcomer, pathname: '/login/verify-email', fullPath: '/login/verify-email', storedRedirect: invite })).toEqual(
      { action: 'redirect', to: '/welcome' },
    );
    expect(guard({ user: newcomer, pathname: '/welcome', fullPath: '/welcome', storedRedirect: invite })).toEqual({ action: 'allow' });
    expect(guard({ user: newcomer, pathname: '/dashboard', storedRedirect: invite })).toEqual({ action: 'redirect', to: '/welcome' });
    // Onboarded: the stored path now applies, once.
    expect(guard({ pathname: '/dashboard', storedRedirect: invite })).toEqual({
      action: 'redirect',
      to: invite,
      clearStoredRedirect: true,
    });
  });

  it('a new underage user (no onboarding) goes straight to the stored path', () => {
    expect(guard({ user: { isNewUser: true, underage: true }, storedRedirect: '/leagues/join/abcdefgh1234' })).toEqual({
      action: 'redirect',
      to: '/leagues/join/abcdefgh1234',
      clearStoredRedirect: true,
    });
  });

  it('a visitor never consumes the stored path', () => {
    expect(openGuard({ user: null, pathname: '/', fullPath: '/', storedRedirect: '/challenges' })).toEqual({ action: 'allow' });
  });

  it('a signed-in member arriving on an open route is sent to the stored path too', () => {
    expect(openGuard({ storedRedirect: '/media?tab=videos' })).toEqual({
      action: 'redirect',
      to: '/media?tab=videos',
      clearStoredRedirect: true,
    });
    expect(openGuard({ storedRedirect: '/welcome' })).toEqual({ action: 'redirect', to: '/dashboard', clearStoredRedirect: true });
  });
});

describe('main guard: signed-in users (spec §2)', () => {
  it('a signed-in user on an open route (login) goes to /dashboard', () => {
    expect(openGuard({ pathname: '/login', fullPath: '/login' })).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(openGuard({ pathname: '/', fullPath: '/' })).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('in logged-off dashboard mode a signed-in user on an open route goes to / (and stays on /)', () => {
    expect(openGuard({ loggedOffDashboard: true, pathname: '/login', fullPath: '/login' })).toEqual({ action: 'redirect', to: '/' });
    expect(openGuard({ loggedOffDashboard: true, pathname: '/', fullPath: '/' })).toEqual({ action: 'allow' });
  });

  it('a new user landing on /dashboard goes to /welcome', () => {
    expect(guard({ user: { isNewUser: true, underage: false } })).toEqual({ action: 'redirect', to: '/welcome' });
  });

  it('a new underage user on /dashboard stays there', () => {
    expect(guard({ user: { isNewUser: true, underage: true } })).toEqual({ action: 'allow' });
  });

  it('a new user elsewhere than /dashboard is not redirected', () => {
    expect(guard({ user: { isNewUser: true, underage: false }, pathname: '/challenges', fullPath: '/challenges' }).action).toBe('allow');
  });

  it.each(['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits', '/profile/edit/'])(
    'an underage user going to %s is sent to /dashboard',
    (path) => {
      expect(guard({ user: { isNewUser: false, underage: true }, pathname: path, fullPath: path })).toEqual({
        action: 'redirect',
        to: '/dashboard',
      });
    },
  );

  it('an underage user may open other routes, and an adult may open the gated ones', () => {
    expect(guard({ user: { isNewUser: false, underage: true }, pathname: '/profile', fullPath: '/profile' }).action).toBe('allow');
    expect(guard({ pathname: '/profile/edit', fullPath: '/profile/edit' }).action).toBe('allow');
    expect(guard({ pathname: '/contests', fullPath: '/contests' }).action).toBe('allow');
  });
});

describe('paths and tabs', () => {
  it('normalizes trailing slashes', () => {
    expect(normalizePath('/profile/edit/')).toBe('/profile/edit');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('the first path segment selects a known tab; the default is dashboard (spec §2, §4)', () => {
    expect(tabFromPath('/challenges/poll/abc')).toBe('challenges');
    expect(tabFromPath('/profile/edit')).toBe('profile');
    expect(tabFromPath('/media')).toBe('media');
    expect(tabFromPath('/sweepstakes/1')).toBe('sweepstakes');
    expect(tabFromPath('/welcome')).toBe('dashboard');
    expect(tabFromPath('/')).toBe('dashboard');
  });

  it("the tab bar marks no tab on pages that are no tab's (history, leaderboard), Home on / and /dashboard", () => {
    expect(currentTab('/history')).toBeNull();
    expect(currentTab('/leaderboard')).toBeNull();
    expect(currentTab('/dashboard')).toBe('dashboard');
    expect(currentTab('/')).toBe('dashboard');
    expect(currentTab('/challenges/poll')).toBe('challenges');
  });
});

describe('error page status (spec §2, §8)', () => {
  it('a route validation error with a code and message keeps them', () => {
    expect(describeRouteError(new RouteValidationError(410, 'Gone for good'))).toEqual({ status: 410, detail: 'Gone for good' });
  });

  it("a failed params check without a message is 404 with the default 'Page Not Found' line, also as a cause", () => {
    expect(describeRouteError(new RouteValidationError())).toEqual({ status: 404, validationFailed: true });
    expect(describeRouteError(new Error('params', { cause: new RouteValidationError() }))).toEqual({ status: 404, validationFailed: true });
  });

  it('an API error keeps its HTTP status; anything else is 500', () => {
    expect(describeRouteError(Object.assign(new Error('x'), { status: 404 })).status).toBe(404);
    expect(describeRouteError(new Error('boom')).status).toBe(500);
  });
});
