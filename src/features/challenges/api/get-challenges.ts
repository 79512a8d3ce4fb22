/**
 * `GET /challenge` (spec §7): the organization's challenges, `data` list. Refetched at once on reconnect
 * (ARCHITECTURE §6); the hourly refresh while signed in (spec §1, §9) is kept by the app layer's
 * `SignedInRefresh` (src/app/signed-in-refresh.tsx), whatever screen is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../../api/client';
import type { Challenge } from '../../../contracts/challenge';

/** Fetches every challenge the bearer may see. Throws API/network errors (src/api/errors.ts). */
async function getChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  const { data } = await apiRequest<Envelope<Challenge[]>>('/challenge', { signal });
  return data;
}

/** Query options: key `['challenges']`, refetch on reconnect. */
export function getChallengesQueryOptions() {
  return queryOptions({
    queryKey: ['challenges'] as const,
    queryFn: ({ signal }) => getChallenges(signal),
    refetchOnReconnect: 'always',
  });
}

/** The challenge list with its query state. */
export function useChallenges() {
  return useQuery(getChallengesQueryOptions());
}
