/** `GET /venue/checkins`: the venues the member checked in at ("I was there"), newest first. */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { VenueAttendance } from '../../../contracts/venue';

/** Query options: key `['venue', 'attended']`; throws API/network errors (401 when signed out). */
export function getVenuesAttendedQueryOptions() {
  return dataQueryOptions<VenueAttendance[]>(['venue', 'attended'], '/venue/checkins');
}

/** The venues attended with their query state. */
export function useVenuesAttended() {
  return useQuery(getVenuesAttendedQueryOptions());
}
