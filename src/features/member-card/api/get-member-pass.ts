/**
 * `GET /user/me/pass`: the member's card and pass secret. Persisted with the rest of the query cache
 * (`src/offline/persister.ts`), so the card and its rotating code work with no signal once it was loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { MemberPass } from '../../../contracts/member-pass';

/** Query options: key `['member-card', 'pass']`; throws API/network errors (401 when signed out). */
export function getMemberPassQueryOptions() {
  return dataQueryOptions<MemberPass>(['member-card', 'pass'], '/user/me/pass');
}

/** The member's pass with its query state. */
export function useMemberPass() {
  return useQuery(getMemberPassQueryOptions());
}
