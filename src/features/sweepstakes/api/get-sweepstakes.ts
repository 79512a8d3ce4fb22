/**
 * `GET /sweepstake` (spec §7): the organization's sweepstakes. Signed-in members call it with their session; a
 * visitor (logged-off dashboard) calls it with the public organization key (spec §6). Refetched at once on
 * reconnect (ARCHITECTURE §6); the hourly refresh while a member is signed in (spec §1, §9) is kept by the app
 * layer's `SignedInRefresh` (src/app/signed-in-refresh.tsx), whatever screen is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { SweepstakeListResponseSchema, Sweepstake } from '../../../contracts/sweepstake';
import { getSessionToken } from '../../../lib/session/token-store';

/** Fetches the sweepstakes; with the organization key when no session exists. Throws API/network errors. */
async function getSweepstakes(signal?: AbortSignal): Promise<Sweepstake[]> {
  const { data } = await apiRequest<ResponseOf<typeof SweepstakeListResponseSchema>>('/sweepstake', {
    auth: getSessionToken() ? 'session' : 'organization',
    signal,
  });
  return data;
}

/** Query options: key `['sweepstakes']`, refetch on reconnect. */
export function getSweepstakesQueryOptions() {
  return queryOptions({
    queryKey: ['sweepstakes'] as const,
    queryFn: ({ signal }) => getSweepstakes(signal),
    refetchOnReconnect: 'always',
  });
}

/** The sweepstake list with its query state. */
export function useSweepstakes() {
  return useQuery(getSweepstakesQueryOptions());
}
