/**
 * `GET /challenge/{id}` (spec §7): one challenge. Missing -> `NotFoundError` (404).
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Challenge } from '../../../contracts/challenge';

/** Query options: key `['challenges', challengeId]` (under the list key, so invalidating the list covers it). */
export function getChallengeQueryOptions(challengeId: string) {
  return {
    ...dataQueryOptions<Challenge>(['challenges', challengeId], `/challenge/${encodeURIComponent(challengeId)}`),
    refetchOnReconnect: 'always' as const,
  };
}

/** One challenge with its query state. */
export function useChallenge(challengeId: string) {
  return useQuery(getChallengeQueryOptions(challengeId));
}
