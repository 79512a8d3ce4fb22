/**
 * `GET /sweepstake` (spec §7): the organization's sweepstakes. Signed-in members call it with their session; a
 * visitor (logged-off dashboard) calls it with the public organization key (spec §6). Refetched at once on
 * reconnect (ARCHITECTURE §6); the hourly refresh while a member is signed in (spec §1, §9) is kept by the app
 * layer's `SignedInRefresh` (src/app/signed-in-refresh.tsx), whatever screen is open.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Sweepstake } from '../../../contracts/sweepstake';
import { getSessionToken } from '../../../lib/session/token-store';

/** The bearer of a sweepstake read, decided at each fetch: the session, else the organization key. */
export const sweepstakeReadAuth = () => ({ auth: getSessionToken() ? ('session' as const) : ('organization' as const) });

/** Query options: key `['sweepstakes']`, refetch on reconnect. */
export function getSweepstakesQueryOptions() {
  return { ...dataQueryOptions<Sweepstake[]>(['sweepstakes'], '/sweepstake', sweepstakeReadAuth), refetchOnReconnect: 'always' as const };
}

/** The sweepstake list with its query state. */
export function useSweepstakes() {
  return useQuery(getSweepstakesQueryOptions());
}
