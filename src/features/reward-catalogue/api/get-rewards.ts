/**
 * `GET /rewards`: the rewards catalogue with the member's own counts, texts in the request's
 * language. Persisted with the other fan data, so the catalogue reads offline; refetched at once on reconnect.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Reward } from '../../../contracts/reward';

/** Query options: key `['rewards']`, refetch on reconnect. */
export function getRewardsQueryOptions() {
  return { ...dataQueryOptions<Reward[]>(['rewards'], '/rewards'), refetchOnReconnect: 'always' as const };
}

/** The catalogue with its query state. */
export function useRewards() {
  return useQuery(getRewardsQueryOptions());
}
