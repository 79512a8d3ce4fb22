/** `GET /sweepstake/{id}` (spec §7): one sweepstake with the member's entry count. The list's copy is the placeholder. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Sweepstake } from '../../../contracts/sweepstake';
import { getSweepstakesQueryOptions, sweepstakeReadAuth } from './get-sweepstakes';

/** Query options: key `['sweepstakes', id]`, refetch on reconnect. `NotFoundError` for an unknown id. */
export function getSweepstakeQueryOptions(id: string) {
  return {
    ...dataQueryOptions<Sweepstake>(['sweepstakes', id], `/sweepstake/${encodeURIComponent(id)}`, sweepstakeReadAuth),
    refetchOnReconnect: 'always' as const,
  };
}

/** One sweepstake with its query state; the list's copy is the placeholder. */
export function useSweepstake(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getSweepstakeQueryOptions(id),
    placeholderData: () => queryClient.getQueryData(getSweepstakesQueryOptions().queryKey)?.find((s) => s.sweepstakeId === id),
  });
}
