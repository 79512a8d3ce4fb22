/**
 * `GET /checkin` (spec §7): the member's daily check-in status (streak `days`, `eligibleForCheckin`, rewards).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../../api/client';
import type { CheckinStatus } from '../../../contracts/checkin';

/** Fetches the check-in status of the signed-in member. Throws API/network errors (401 when signed out). */
async function getCheckin(signal?: AbortSignal): Promise<CheckinStatus> {
  const { data } = await apiRequest<Envelope<CheckinStatus>>('/checkin', { signal });
  return data;
}

/** Query options: key `['checkin']`; refetched on reconnect so a new day shows up. */
export function getCheckinQueryOptions() {
  return queryOptions({
    queryKey: ['checkin'] as const,
    queryFn: ({ signal }) => getCheckin(signal),
    refetchOnReconnect: 'always',
  });
}

/** The check-in status with its query state. */
export function useCheckin() {
  return useQuery(getCheckinQueryOptions());
}
