/**
 * `GET /challenge` (spec §7): the organization's challenges, `data` list. Refetched at once on reconnect
 * (ARCHITECTURE §6); the hourly refresh while signed in (spec §1, §9) is kept by the app layer's
 * `SignedInRefresh` (src/app/signed-in-refresh.tsx), whatever screen is open.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Challenge } from '../../../contracts/challenge';

/** Query options: key `['challenges']`, every challenge the bearer may see, refetch on reconnect. */
export function getChallengesQueryOptions() {
  return { ...dataQueryOptions<Challenge[]>(['challenges'], '/challenge'), refetchOnReconnect: 'always' as const };
}

/** The challenge list with its query state. */
export function useChallenges() {
  return useQuery(getChallengesQueryOptions());
}
