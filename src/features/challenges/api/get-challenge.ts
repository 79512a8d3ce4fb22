/**
 * `GET /challenge/{id}` (spec §7): one challenge. Missing -> `NotFoundError` (404).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../../api/client';
import type { Challenge } from '../../../contracts/challenge';

/** Fetches one challenge by id. Throws `NotFoundError` when it does not exist, other API/network errors. */
async function getChallenge(challengeId: string, signal?: AbortSignal): Promise<Challenge> {
  const { data } = await apiRequest<Envelope<Challenge>>(`/challenge/${encodeURIComponent(challengeId)}`, {
    signal,
  });
  return data;
}

/** Query options: key `['challenges', challengeId]` (under the list key, so invalidating the list covers it). */
export function getChallengeQueryOptions(challengeId: string) {
  return queryOptions({
    queryKey: ['challenges', challengeId] as const,
    queryFn: ({ signal }) => getChallenge(challengeId, signal),
    refetchOnReconnect: 'always',
  });
}

/** One challenge with its query state. */
export function useChallenge(challengeId: string) {
  return useQuery(getChallengeQueryOptions(challengeId));
}
