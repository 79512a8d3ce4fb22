/**
 * `GET /user/me` (spec §7): the signed-in user, or null (no token, or 401 — spec §8 "treated as no current
 * user"; or 403 AccountSuspended: a suspended member is signed out). The hourly refresh while a user exists (spec §1, §9) is kept by the app layer's `SignedInRefresh`
 * (src/app/signed-in-refresh.tsx), whatever screen is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../api/client';
import { ApiError, UnauthorizedError } from '../../api/errors';
import type { User } from '../../contracts/user';
import { clearSessionToken, getSessionToken } from './token-store';

/**
 * Fetches the current user. Returns null without a session token, on 401 or for a suspended member (the token is
 * then cleared).
 * Throws other API/network errors.
 */
async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  if (!getSessionToken()) return null;
  try {
    const { data } = await apiRequest<Envelope<User>>('/user/me', { signal });
    return data;
  } catch (error) {
    if (error instanceof UnauthorizedError || (error instanceof ApiError && error.code === 'AccountSuspended')) {
      clearSessionToken();
      return null;
    }
    throw error;
  }
}

/** Query options for the current user: key `['user', 'me']`, fresh for a minute. */
export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'me'] as const,
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 60 * 1000,
  });
}

/** The current user (null when signed out) with the query state. */
export function useCurrentUser() {
  return useQuery(getCurrentUserQueryOptions());
}
