/** `GET /sweepstake/{id}` (spec §7): one sweepstake with the member's entry count. The list's copy is the placeholder. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { SweepstakeResponseSchema, Sweepstake } from '../../../contracts/sweepstake';
import { getSessionToken } from '../../../lib/session/token-store';
import { getSweepstakesQueryOptions } from './get-sweepstakes';

/** Fetches one sweepstake. Throws `NotFoundError` for an unknown id, other API/network errors. */
async function getSweepstake(id: string, signal?: AbortSignal): Promise<Sweepstake> {
  const { data } = await apiRequest<ResponseOf<typeof SweepstakeResponseSchema>>(`/sweepstake/${encodeURIComponent(id)}`, {
    auth: getSessionToken() ? 'session' : 'organization',
    signal,
  });
  return data;
}

/** Query options: key `['sweepstakes', id]`, refetch on reconnect. */
export function getSweepstakeQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['sweepstakes', id] as const,
    queryFn: ({ signal }) => getSweepstake(id, signal),
    refetchOnReconnect: 'always',
  });
}

/** One sweepstake with its query state; the list's copy is the placeholder. */
export function useSweepstake(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getSweepstakeQueryOptions(id),
    placeholderData: () => queryClient.getQueryData(getSweepstakesQueryOptions().queryKey)?.find((s) => s.sweepstakeId === id),
  });
}
