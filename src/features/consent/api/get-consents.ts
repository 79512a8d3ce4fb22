/** `GET /consent/user` (spec §7): the organization's consents with the member's answers (value 0/1, `enabled`). */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Consent } from '../../../contracts/consent';

/** Query options: key `['consents']`, fetches the member's consents. Throws API/network errors (401 when signed out). */
export function getConsentsQueryOptions() {
  return dataQueryOptions<Consent[]>(['consents'], '/consent/user');
}

/** The consent list with its query state. */
export function useConsents() {
  return useQuery(getConsentsQueryOptions());
}
