/**
 * `GET /checkin` (spec §7): the member's daily check-in status (streak `days`, `eligibleForCheckin`, rewards).
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { CheckinStatus } from '../../../contracts/checkin';

/** Query options: key `['checkin']`; refetched on reconnect so a new day shows up. 401 when signed out. */
export function getCheckinQueryOptions() {
  return { ...dataQueryOptions<CheckinStatus>(['checkin'], '/checkin'), refetchOnReconnect: 'always' as const };
}

/** The check-in status with its query state. */
export function useCheckin() {
  return useQuery(getCheckinQueryOptions());
}
