// @vitest-environment jsdom
/**
 * The hourly refresh while signed in (spec §1, §9; ARCHITECTURE §6), kept by `SignedInRefresh`
 * (src/app/signed-in-refresh.tsx) whatever screen is open: requests counted by a real HTTP stand-in, time moved
 * by fake timers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SignedInRefresh, SIGNED_IN_REFRESH_INTERVAL_MS } from '../../src/app/signed-in-refresh';
import { clearSessionToken, setSessionToken } from '../../src/api/credentials';
import type { User } from '../../src/contracts/user';
import { getChallengesQueryOptions } from '../../src/features/challenges/api/get-challenges';
import { getSweepstakesQueryOptions } from '../../src/features/sweepstakes/api/get-sweepstakes';
import { getCurrentUserQueryOptions } from '../../src/lib/session/get-current-user';
import { createAppQueryClient } from '../../src/offline/query-client';
import { startApiStandIn, type ApiStandIn } from './api-stand-in';

const HOUR = SIGNED_IN_REFRESH_INTERVAL_MS;
const fan = { userId: 'u1', email: 'fan@fans.example', points: 120 } as User;

let api: ApiStandIn;
let client: QueryClient;

beforeAll(async () => {
  api = await startApiStandIn((route) => ({ status: 200, body: { data: route === 'GET /user/me' ? fan : [] } }));
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  onlineManager.setOnline(true);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  client = createAppQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  clearSessionToken();
  vi.useRealTimers();
});

/** A screen that observes none of the three queries (the history or profile page, say). */
function OtherScreen() {
  return <h1>Points history</h1>;
}

function renderApp() {
  render(
    <QueryClientProvider client={client}>
      <SignedInRefresh />
      <OtherScreen />
    </QueryClientProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Points history' })).toBeTruthy();
}

/** The API calls received so far, as `METHOD /path`, sorted. */
const calls = () => api.seen.map((r) => `${r.method} ${r.path}`).sort();

/** Moves the fake clock on by `ms` inside React's act. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Signs a fan in as the boot leaves it: a session token, the user and both lists in the cache. */
function signedIn() {
  setSessionToken('session-1');
  client.setQueryData(getCurrentUserQueryOptions().queryKey, fan);
  client.setQueryData(getChallengesQueryOptions().queryKey, []);
  client.setQueryData(getSweepstakesQueryOptions().queryKey, []);
}

describe('SignedInRefresh', () => {
  it('a signed-in fan on a screen that shows none of them gets the user, challenges and sweepstakes refetched every hour', async () => {
    signedIn();
    renderApp();
    await advance(HOUR - 1000);
    expect(calls(), 'nothing before the hour').toEqual([]);
    await advance(1000);
    await vi.waitFor(() => expect(calls()).toEqual(['GET /challenge', 'GET /sweepstake', 'GET /user/me']), { timeout: 10_000 });
    await advance(HOUR);
    await vi.waitFor(() => expect(calls()).toHaveLength(6), { timeout: 10_000 });
    expect(calls()).toEqual(['GET /challenge', 'GET /challenge', 'GET /sweepstake', 'GET /sweepstake', 'GET /user/me', 'GET /user/me']);
  });

  it('refetches the three at once when the network comes back', async () => {
    signedIn();
    renderApp();
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await vi.waitFor(() => expect(calls()).toEqual(['GET /challenge', 'GET /sweepstake', 'GET /user/me']), { timeout: 10_000 });
  });

  it('adds no request to the first screen: only what is already loaded is kept fresh', async () => {
    setSessionToken('session-1');
    client.setQueryData(getCurrentUserQueryOptions().queryKey, fan);
    renderApp();
    await advance(1000);
    expect(calls()).toEqual([]);
    await advance(HOUR);
    await vi.waitFor(() => expect(calls()).toEqual(['GET /user/me']), { timeout: 10_000 });
  });

  it('a visitor (no user) gets no periodic refresh', async () => {
    client.setQueryData(getCurrentUserQueryOptions().queryKey, null);
    client.setQueryData(getChallengesQueryOptions().queryKey, []);
    client.setQueryData(getSweepstakesQueryOptions().queryKey, []);
    renderApp();
    await advance(3 * HOUR);
    expect(calls()).toEqual([]);
  });

  it('signing out stops the refresh, even of the lists a logged-off dashboard loads again', async () => {
    signedIn();
    renderApp();
    await advance(HOUR / 2);
    clearSessionToken();
    act(() => {
      client.clear();
      client.setQueryData(getCurrentUserQueryOptions().queryKey, null);
      client.setQueryData(getChallengesQueryOptions().queryKey, []);
      client.setQueryData(getSweepstakesQueryOptions().queryKey, []);
    });
    await advance(3 * HOUR);
    expect(calls()).toEqual([]);
  });
});
