/** `GET /consent/user` (spec §7): the organization's consents with the member's answers (value 0/1, `enabled`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ConsentListResponseSchema, Consent } from '../../../contracts/consent';

/** Fetches the member's consents. Throws API/network errors (401 when signed out). */
async function getConsents(signal?: AbortSignal): Promise<Consent[]> {
  const { data } = await apiRequest<ResponseOf<typeof ConsentListResponseSchema>>('/consent/user', { signal });
  return data;
}

/** Query options: key `['consents']`. */
export function getConsentsQueryOptions() {
  return queryOptions({ queryKey: ['consents'] as const, queryFn: ({ signal }) => getConsents(signal) });
}

/** The consent list with its query state. */
export function useConsents() {
  return useQuery(getConsentsQueryOptions());
}
