/**
 * `GET /user/me` (spec §7): the signed-in user, or null (no token, or 401 — spec §8 "treated as no current
 * user"). Refetched every 60 minutes while a user exists (spec §1, §9).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../api/client';
import { UnauthorizedError } from '../../api/errors';
import type { User } from '../../contracts/user';
import { clearSessionToken, getSessionToken } from './token-store';

/** Periodic refresh interval while signed in, in milliseconds (spec §9: 60 minutes). */
const USER_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Fetches the current user. Returns null without a session token or on 401 (the stale token is then cleared).
 * Throws other API/network errors.
 */
async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (!getSessionToken()) return null;
  try {
    const { data } = await apiRequest<Envelope<User>>('/user/me', { signal });
    return data;
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      clearSessionToken();
      return null;
    }
    throw error;
  }
}

/** Query options for the current user: key `['user', 'me']`, hourly refetch while a user is present. */
export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'me'] as const,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60 * 1000,
    refetchInterval: (query) => (query.state.data ? USER_REFRESH_INTERVAL_MS : false),
  });
}

/** The current user (null when signed out) with the query state. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
