/**
 * `GET /venue/events/live`: the venue events open now, with whether the member checked in there.
 * The dashboard's card and the challenges tab's entry open the venue scanner during one; the list is preloaded
 * (and persisted) while online, so both show in the stands without signal.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { LiveVenueEvent } from '../../../contracts/venue';

/** Query options: key `['venue', 'live']`; throws API/network errors (401 when signed out). */
export function getLiveVenueEventsQueryOptions() {
  return dataQueryOptions<LiveVenueEvent[]>(['venue', 'live'], '/venue/events/live');
}

/**
 * The live venue events still open at `now` (ms since the epoch): a cached list read offline after the doors
 * closed shows nothing. Returns the events, or an empty list while the list is unknown.
 */
export function useLiveVenueEvents(now: number): LiveVenueEvent[] {
  const { data } = useQuery(getLiveVenueEventsQueryOptions());
  return (data ?? []).filter((event) => Date.parse(event.startsAt) <= now && Date.parse(event.endsAt) >= now);
}
