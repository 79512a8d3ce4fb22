// @vitest-environment jsdom
/**
 * The navigation guards as a whole (spec §2 "Navigation guards"): the app's real router and route tree (root
 * session loader, `_auth` and `_open` layouts) on a real QueryClient whose cache holds the organization and the
 * user, as after a restore from IndexedDB. Navigations resolve their redirects; the tests read where they end.
 * Requests are recorded and never answered: the guards must decide on the cache alone (one that waited on a request
 * would time the test out), and the loaders' prefetches stay pending.
 */
import { testRuntimeConfig } from './runtime-config-fixture';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { RuntimeConfig } from '../../src/contracts/config';
import type { Organization } from '../../src/contracts/organization';
import type { User } from '../../src/contracts/user';
import { getOrganizationToken, setOrganizationToken } from '../../src/api/credentials';
import { setRuntimeConfig } from '../../src/platform/runtime-config';
import { getOrganizationQueryOptions } from '../../src/lib/organization/get-organization';
import { getCurrentUserQueryOptions } from '../../src/lib/session/get-current-user';
import { clearPostLoginRedirect, getPostLoginRedirect, setPostLoginRedirect } from '../../src/features/session/post-login-redirect';
import { ConsoleAccessDeniedError } from '../../src/routes/-guards';
import { clearSessionToken, setSessionToken } from '../../src/lib/session/token-store';
import { createAppRouter } from '../../src/router';

const baseConfig = testRuntimeConfig({ organizationKey: 'org-key' });

function organization(timeZone: string): Organization {
  return {
    organizationId: 'org',
    name: 'Club',
    shortName: 'Club',
    defaultLanguage: 'en',
    token: 'org-token',
    timeZone,
    ranks: [],
    brandColor: '#0055ff',
    logoMediaId: null,
  };
}

function member(birthday: string | null, overrides: Partial<User> = {}): User {
  return {
    userId: 'u1',
    email: 'fan@example.com',
    birthday,
    isNewUser: false,
    rank: 'P10',
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  } as unknown as User;
}

/** A client whose cache holds fresh organization and user data (no fetch needed). */
function clientWith(org: Organization, user: User | null): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(getOrganizationQueryOptions().queryKey, org);
  if (user) {
    setSessionToken('member-token');
    queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user);
  }
  return queryClient;
}

/** The app router on an in-memory history at `href`, its first route resolved like at boot. */
async function openApp(queryClient: QueryClient, href: string, config: RuntimeConfig = baseConfig) {
  const router = createAppRouter({ queryClient, config });
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [href] }) });
  await router.load();
  return router;
}

type AppRouter = Awaited<ReturnType<typeof openApp>>;

/** The errors of the routes matched (a guard or loader that threw shows the error page). */
function failures(router: AppRouter): unknown[] {
  return router.state.matches.filter((m) => m.status === 'error').map((m) => m.error);
}

/** Where the router ended, without an error: the full path, and the id of the deepest route matched. */
function landing(router: AppRouter) {
  expect(failures(router)).toEqual([]);
  return { href: router.state.location.href, routeId: router.state.matches.at(-1)?.routeId };
}

const fetchSpy = vi.fn((..._args: unknown[]) => new Promise<Response>(() => undefined));
const requestedUrls = () => fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 12:00 UTC on 21 November is already 22 November (02:00) in Kiritimati (UTC+14).
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  vi.stubGlobal('fetch', fetchSpy);
  setRuntimeConfig(baseConfig);
  clearSessionToken();
  clearPostLoginRedirect();
  setOrganizationToken(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
});

describe('navigation guards on the app router', () => {
  it('sends a visitor from a members-only page to / and remembers the full path for after sign-in', async () => {
    const router = await openApp(clientWith(organization('UTC'), null), '/challenges/poll?from=mail');
    expect(landing(router)).toEqual({ href: '/', routeId: '/_open/' });
    expect(getPostLoginRedirect()).toBe('/challenges/poll?from=mail');
  });

  it('lets a visitor open the sign-in page', async () => {
    const router = await openApp(clientWith(organization('UTC'), null), '/login');
    expect(landing(router)).toEqual({ href: '/login', routeId: '/_open/login/' });
  });

  // Only the root matches: it renders the not-found page (`notFoundMode: 'root'`).
  it('shows the 404 page on an unknown path to a visitor and to a member, redirecting no one', async () => {
    const visitor = await openApp(clientWith(organization('UTC'), null), '/no-such-page');
    expect(landing(visitor)).toEqual({ href: '/no-such-page', routeId: '__root__' });
    expect(getPostLoginRedirect()).toBeNull();

    const fan = await openApp(clientWith(organization('UTC'), member(null)), '/no-such-page');
    expect(landing(fan)).toEqual({ href: '/no-such-page', routeId: '__root__' });
  });

  it('an intent preload decides the same but remembers nothing', async () => {
    const router = await openApp(clientWith(organization('UTC'), null), '/login');
    const preloaded = await router.preloadRoute({ to: '/contests' });
    expect(preloaded?.at(-1)?.routeId).toBe('/_open/');
    expect(getPostLoginRedirect()).toBeNull();
    expect(landing(router).href).toBe('/login');
  });

  it('takes the organization token from the cached organization and reads the cached user without a request', async () => {
    await openApp(clientWith(organization('UTC'), member(null)), '/dashboard');
    expect(getOrganizationToken()).toBe('org-token');
    expect(requestedUrls().filter((url) => /\/(user\/me|organization)(\?|$)/.test(url))).toEqual([]);
  });

  it('sends a signed-in member away from the sign-in pages to the dashboard', async () => {
    const router = await openApp(clientWith(organization('UTC'), member(null)), '/login');
    expect(landing(router)).toEqual({ href: '/dashboard', routeId: '/_auth/dashboard' });
  });

  it('in logged-off dashboard mode keeps a signed-in member on /, and sends one on /login there', async () => {
    const config = { ...baseConfig, loggedOffDashboard: true };
    expect(landing(await openApp(clientWith(organization('UTC'), member(null)), '/', config)).href).toBe('/');
    expect(landing(await openApp(clientWith(organization('UTC'), member(null)), '/login', config)).href).toBe('/');
  });

  it('in logged-off dashboard mode shows a visitor the public dashboard on / and sends them there from member pages', async () => {
    const config = { ...baseConfig, loggedOffDashboard: true };
    expect(landing(await openApp(clientWith(organization('UTC'), null), '/', config)).href).toBe('/');
    expect(landing(await openApp(clientWith(organization('UTC'), null), '/media', config)).href).toBe('/');
    expect(getPostLoginRedirect()).toBe('/media');
  });

  it("judges underage on the organization's date: the 18th birthday has begun in Kiritimati, not yet in UTC", async () => {
    const birthday = '2008-11-22';
    expect(landing(await openApp(clientWith(organization('UTC'), member(birthday)), '/contests')).href).toBe('/dashboard');
    expect(landing(await openApp(clientWith(organization('Pacific/Kiritimati'), member(birthday)), '/contests')).href).toBe('/contests');
  });

  it('uses a remembered path once after sign-in, then forgets it', async () => {
    const queryClient = clientWith(organization('UTC'), member(null));
    localStorage.setItem('podium.session.postLoginRedirectPath', '/media?tab=videos');
    const router = await openApp(queryClient, '/dashboard');
    expect(landing(router)).toEqual({ href: '/media?tab=videos', routeId: '/_auth/media/' });
    expect(getPostLoginRedirect()).toBeNull();
    await router.navigate({ to: '/dashboard' });
    expect(landing(router).href).toBe('/dashboard');
  });

  it('sends a just-created member on / to /welcome in hosted-session mode', async () => {
    const config = { ...baseConfig, auth: { mode: 'supabase' as const, supabaseUrl: 'https://x.supabase.co', supabaseAnonKey: 'anon' } };
    const fresh = member(null, { createdAt: new Date(Date.now() - 60_000).toISOString() });
    const router = await openApp(clientWith(organization('UTC'), fresh), '/', config);
    expect(landing(router)).toEqual({ href: '/welcome', routeId: '/_auth/welcome' });
  });

  it('a failed params check renders the error page in place, without a redirect', async () => {
    const router = await openApp(clientWith(organization('UTC'), member(null)), '/challenges/not-a-subtype');
    expect(router.state.location.href).toBe('/challenges/not-a-subtype');
    expect(failures(router)).toHaveLength(1);
  });
});

describe('the operator console guard (/admin layout)', () => {
  /** Whether the navigation ended on the not-found page (a guard threw `notFound()`). */
  const notFoundShown = (router: AppRouter) => router.state.matches.some((m) => m.status === 'notFound');

  it('lets a signed-in operator in, deciding on the cached user', async () => {
    const router = await openApp(clientWith(organization('Europe/Paris'), member('1990-01-01', { role: 'operator' })), '/admin/challenges');
    expect(landing(router)).toEqual({ href: '/admin/challenges', routeId: '/admin/$resource/' });
    expect(notFoundShown(router)).toBe(false);
  });

  it('lets in an operator who has not done the fan onboarding: it guards fan pages only', async () => {
    const queryClient = clientWith(organization('Europe/Paris'), member('1990-01-01', { role: 'operator', isNewUser: true }));
    expect(landing(await openApp(queryClient, '/admin'))).toEqual({ href: '/admin', routeId: '/admin' });
  });

  it('sends a signed-out visitor to sign in, with the console URL to come back to', async () => {
    const router = await openApp(clientWith(organization('Europe/Paris'), null), '/admin/challenges?status=live');
    expect(landing(router)).toEqual({ href: '/login?redirect=%2Fadmin%2Fchallenges%3Fstatus%3Dlive', routeId: '/_open/login/' });
    expect(router.state.matches.at(-1)?.search).toEqual({ redirect: '/admin/challenges?status=live' });
    expect(notFoundShown(router)).toBe(false);
    expect(requestedUrls()).toEqual([]);
  });

  it('brings an operator who signed in from the console back to it, not to the fan onboarding', async () => {
    // What the sign-in form leaves after `/login?redirect=/admin`: the post-login path; the code step then opens /dashboard.
    setPostLoginRedirect('/admin');
    const operator = member('1990-01-01', { role: 'operator', isNewUser: true });
    fetchSpy.mockImplementationOnce(
      async () => new Response(JSON.stringify({ data: operator }), { headers: { 'content-type': 'application/json' } }),
    );
    const router = await openApp(clientWith(organization('Europe/Paris'), operator), '/dashboard');
    expect(landing(router)).toEqual({ href: '/admin', routeId: '/admin' });
    expect(getPostLoginRedirect()).toBeNull();
  });

  it('drops a redirect to another site from the sign-in URL', async () => {
    const router = await openApp(clientWith(organization('Europe/Paris'), null), '/login?redirect=%2F%2Fevil.example%2Fadmin');
    expect(landing(router).routeId).toBe('/_open/login/');
    // The sign-in page reads its validated search: the value is gone.
    expect(router.state.matches.at(-1)?.search).toEqual({ redirect: undefined });
  });

  it('tells a member the console is for operators once the server confirms they are not one', async () => {
    const fan = member('1990-01-01', { role: 'member' });
    fetchSpy.mockImplementationOnce(
      async () => new Response(JSON.stringify({ data: fan }), { headers: { 'content-type': 'application/json' } }),
    );
    const router = await openApp(clientWith(organization('Europe/Paris'), fan), '/admin/challenges/new');
    expect(requestedUrls()[0]).toMatch(/\/user\/me$/);
    expect(router.state.location.href).toBe('/admin/challenges/new');
    expect(failures(router)).toEqual([expect.any(ConsoleAccessDeniedError)]);
    expect(notFoundShown(router)).toBe(false);
  });
});
