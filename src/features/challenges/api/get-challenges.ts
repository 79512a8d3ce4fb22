/**
 * `GET /challenge` (spec §7): the organization's challenges, `data` list.
 * Refetched every 60 minutes while a user is signed in, and at once on reconnect (spec §1, §9; ARCHITECTURE §6).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../../api/client';
import type { Challenge } from '../../../contracts/challenge';
import { getSessionToken } from '../../../lib/session/token-store';

/** Periodic refresh while signed in, in milliseconds (spec §9: 60 minutes). */
const CHALLENGES_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/** Fetches every challenge the bearer may see. Throws API/network errors (src/api/errors.ts). */
async function getChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  const { data } = await apiRequest<Envelope<Challenge[]>>('/challenge', { signal });
  return data;
}

/** Query options: key `['challenges']`, hourly refetch while a session token exists, refetch on reconnect. */
export function getChallengesQueryOptions() {
  return queryOptions({
    queryKey: ['challenges'] as const,
    queryFn: ({ signal }) => getChallenges(signal),
    refetchInterval: () => (getSessionToken() ? CHALLENGES_REFRESH_INTERVAL_MS : false),
    refetchOnReconnect: 'always',
  });
}

/** The challenge list with its query state. */
export function useChallenges() {
  return useQuery(getChallengesQueryOptions());
}
