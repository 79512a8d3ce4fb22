/**
 * `GET /user/me/redemptions`: the member's redemptions, newest first, with the code of each code
 * reward. Persisted with the other fan data, so "My rewards" (and its codes) reads offline.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Redemption } from '../../../contracts/reward';

/** Query options: key `['redemptions']`, refetch on reconnect. */
export function getRedemptionsQueryOptions() {
  return { ...dataQueryOptions<Redemption[]>(['redemptions'], '/user/me/redemptions'), refetchOnReconnect: 'always' as const };
}

/** The member's redemptions with their query state. */
export function useRedemptions() {
  return useQuery(getRedemptionsQueryOptions());
}
