/**
 * `GET /sweepstake` (spec §7): the organization's sweepstakes. Signed-in members call it with their session; a
 * visitor (logged-off dashboard) calls it with the public organization key (spec §6). Refetched every 60 minutes
 * while a member is signed in, and at once on reconnect (spec §1, §9; ARCHITECTURE §6).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { SweepstakeListResponseSchema, Sweepstake } from '../../../contracts/sweepstake';
import { getSessionToken } from '../../../lib/session/token-store';

/** Periodic refresh while signed in, in milliseconds (spec §9: 60 minutes). */
const SWEEPSTAKES_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** Fetches the sweepstakes; with the organization key when no session exists. Throws API/network errors. */
async function getSweepstakes(signal?: AbortSignal): Promise<Sweepstake[]> {
  const { data } = await apiRequest<ResponseOf<typeof SweepstakeListResponseSchema>>('/sweepstake', {
    auth: getSessionToken() ? 'session' : 'organization',
    signal,
  });
  return data;
}

/** Query options: key `['sweepstakes']`, hourly refetch while a session token exists, refetch on reconnect. */
export function getSweepstakesQueryOptions() {
  return queryOptions({
    queryKey: ['sweepstakes'] as const,
    queryFn: ({ signal }) => getSweepstakes(signal),
    refetchInterval: () => (getSessionToken() ? SWEEPSTAKES_REFRESH_INTERVAL_MS : false),
    refetchOnReconnect: 'always',
  });
}

/** The sweepstake list with its query state. */
export function useSweepstakes() {
  return useQuery(getSweepstakesQueryOptions());
}
