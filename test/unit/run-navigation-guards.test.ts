/**
 * The root guard as a whole (spec §2 "Navigation guards"): the real `runNavigationGuards` on a real QueryClient
 * whose cache holds the organization and the user, as after a restore from IndexedDB; no request is expected.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import type { RuntimeConfig } from '../../src/contracts/config';
import type { Organization } from '../../src/contracts/organization';
import type { User } from '../../src/contracts/user';
import { getOrganizationToken, setOrganizationToken } from '../../src/api/credentials';
import { getOrganizationQueryOptions } from '../../src/lib/organization/get-organization';
import { getCurrentUserQueryOptions } from '../../src/lib/session/get-current-user';
import { clearPostLoginRedirect, getPostLoginRedirect } from '../../src/features/session/post-login-redirect';
import { clearSessionToken, setSessionToken } from '../../src/lib/session/token-store';
import { runNavigationGuards } from '../../src/routes/-guards';

const config = { auth: { mode: 'local' }, loggedOffDashboard: false } as RuntimeConfig;

function organization(timeZone: string): Organization {
  return { organizationId: 'org', token: 'org-token', timeZone, ranks: [] } as unknown as Organization;
}

function member(birthday: string | null): User {
  return { userId: 'u1', email: 'fan@example.com', birthday, isNewUser: false, rank: 'P10', createdAt: '2025-01-01T00:00:00Z' } as unknown as User;
}

/** A client whose cache holds fresh organization and user data (no fetch needed). */
function clientWith(org: Organization, user: User | null): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getOrganizationQueryOptions().queryKey, org);
  if (user) {
    setSessionToken('member-token');
    queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, user);
  }
  return queryClient;
}

/** Runs the guards for `href` on a route; returns the redirect target, or null when the navigation may go on. */
async function navigate(queryClient: QueryClient, href: string, { open = false, preload = false } = {}): Promise<string | null> {
  const pathname = href.split('?')[0];
  const location = { pathname, href, search: {}, hash: '', state: {} } as unknown as ParsedLocation;
  const matches = [{ routeId: '__root__' }, { routeId: pathname, staticData: { open } }];
  try {
    await runNavigationGuards({ context: { queryClient, config }, location, matches, preload, welcomeRouteExists: true });
    return null;
  } catch (error) {
    if (isRedirect(error)) return error.options.href ?? null;
    throw error;
  }
}

const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 12:00 UTC on 21 November is already 22 November (02:00) in Kiritimati (UTC+14).
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  vi.stubGlobal('fetch', fetchSpy);
  clearSessionToken();
  clearPostLoginRedirect();
  setOrganizationToken(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchSpy.mockClear();
});

describe('runNavigationGuards', () => {
  it('sends a visitor from a members-only page to / and remembers the full path for after sign-in', async () => {
    const queryClient = clientWith(organization('UTC'), null);
    expect(await navigate(queryClient, '/challenges/poll?from=mail')).toBe('/');
    expect(getPostLoginRedirect()).toBe('/challenges/poll?from=mail');
    expect(await navigate(queryClient, '/login', { open: true })).toBeNull();
  });

  it('an intent preload decides the same but remembers nothing', async () => {
    const queryClient = clientWith(organization('UTC'), null);
    expect(await navigate(queryClient, '/contests', { preload: true })).toBe('/');
    expect(getPostLoginRedirect()).toBeNull();
  });

  it('takes the organization token from the cached organization for the requests that follow', async () => {
    const queryClient = clientWith(organization('UTC'), member(null));
    await navigate(queryClient, '/dashboard');
    expect(getOrganizationToken()).toBe('org-token');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a signed-in member away from the sign-in pages to the dashboard', async () => {
    const queryClient = clientWith(organization('UTC'), member(null));
    expect(await navigate(queryClient, '/login', { open: true })).toBe('/dashboard');
  });

  it("judges underage on the organization's date: the 18th birthday has begun in Kiritimati, not yet in UTC", async () => {
    const birthday = '2008-11-22';
    expect(await navigate(clientWith(organization('UTC'), member(birthday)), '/contests')).toBe('/dashboard');
    expect(await navigate(clientWith(organization('Pacific/Kiritimati'), member(birthday)), '/contests')).toBeNull();
  });

  it('uses a remembered path once after sign-in, then forgets it', async () => {
    const queryClient = clientWith(organization('UTC'), member(null));
    localStorage.setItem('podium.session.postLoginRedirectPath', '/media?tab=videos');
    expect(await navigate(queryClient, '/dashboard')).toBe('/media?tab=videos');
    expect(getPostLoginRedirect()).toBeNull();
    expect(await navigate(queryClient, '/dashboard')).toBeNull();
  });
});
