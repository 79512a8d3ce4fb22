/**
 * The current code of a venue event in the console: `GET /api/admin/venue-events/{id}/code`,
 * asked again as soon as it rotates (`rotatesAt`, every 30 s). Checked with the admin contract; never persisted
 * (`meta.persist: false`: a code is worth nothing a minute later, and the secret never reaches the browser).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { VenueCodeResponseSchema, type VenueCode } from '../../../contracts/admin/venue-event';
import { adminKeys } from './admin-api';

/** What the screen shows: the step's short code, QR token, and when it turns over. */
interface ShownVenueCode {
  code: string;
  token: string;
  rotatesAt: string;
}

/**
 * The code to show at `now` (epoch ms): the answer's current code until its `rotatesAt`, then its `next` one, so the
 * screen turns over on time by itself while the next request is under way.
 */
export function shownVenueCode(answer: VenueCode, now: number): ShownVenueCode {
  return now >= Date.parse(answer.rotatesAt) ? answer.next : { code: answer.code, token: answer.token, rotatesAt: answer.rotatesAt };
}

/** Query options of event `id`'s code: key `['admin', 'venue-events', 'code', id]`, refetched when it rotates. */
export function venueCodeQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminKeys.resource('venue-events'), 'code', id] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/admin/venue-events/${encodeURIComponent(id)}/code`, { schema: VenueCodeResponseSchema, signal })).data,
    refetchInterval: (query) => {
      const rotatesAt = query.state.data?.rotatesAt;
      // A little after the rotation, so the server's clock has moved on too.
      return rotatesAt ? Math.max(1000, Date.parse(rotatesAt) - Date.now() + 300) : 30_000;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
    meta: { persist: false },
  });
}
