/**
 * The periodic refresh of spec §1 and §9 ("while a user is signed in, the app re-fetches the current user, the
 * challenges and the sweepstakes every 60 minutes") and ARCHITECTURE §6 ("and at once on reconnect"), whatever
 * screen is open. A query's `refetchInterval` only runs while a mounted observer has it, and screens come and go
 * (the dashboard never observes the sweepstakes), so this component keeps one TanStack Query observer on each of
 * the three queries for as long as a user is signed in. It renders nothing and never re-renders on their data.
 *
 * Mounted once above the router (src/main.tsx), so it outlives every route and layout.
 */
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { getChallengesQueryOptions } from '../features/challenges/api/get-challenges';
import { getSweepstakesQueryOptions } from '../features/sweepstakes/api/get-sweepstakes';
import { getCurrentUserQueryOptions } from '../lib/session/get-current-user';

/** How often the three queries refetch while signed in, in ms (spec §9: 60 minutes). */
export const SIGNED_IN_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Whether a user is signed in: the current user's query holds a user. Follows the query cache, so signing out
 * (`queryClient.clear()`, or a 401 that turns the user into null) stops the refresh at once.
 */
function useIsSignedIn(): boolean {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const userKey = getCurrentUserQueryOptions().queryKey;
  return useSyncExternalStore(
    useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]),
    () => queryClient.getQueryData(userKey) != null,
    () => false,
  );
}

/**
 * The refresher's options for one query: its own factory's key and function; an hourly `refetchInterval` (in the
 * background too: a phone in a pocket still gets fresh points when it comes back); `refetchOnReconnect: 'always'`.
 * It only keeps fresh what was loaded (`enabled` once the query has data), so it adds no request to the first
 * screen, and it leaves mount and focus refetches to the screens. `notifyOnChangeProps: []`: no re-render.
 */
function refreshed<T extends { queryKey: readonly unknown[] }>(options: T) {
  return {
    ...options,
    enabled: (query: { state: { data: unknown } }) => query.state.data !== undefined,
    refetchInterval: SIGNED_IN_REFRESH_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnReconnect: 'always' as const,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    notifyOnChangeProps: [],
  };
}

/** Keeps the current user, the challenges and the sweepstakes refreshing while signed in (see the module doc). */
export function SignedInRefresh(): null {
  const signedIn = useIsSignedIn();
  const queries = signedIn
    ? [refreshed(getCurrentUserQueryOptions()), refreshed(getChallengesQueryOptions()), refreshed(getSweepstakesQueryOptions())]
    : [];
  // Spread into a plain array: useQueries does not type a "three options or none" union of tuples.
  useQueries({ queries: [...queries] });
  return null;
}
