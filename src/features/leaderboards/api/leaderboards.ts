/**
 * The leaderboard and league requests (contract `src/contracts/leaderboard.ts`):
 * - `GET /leaderboards?period=` (key `['leaderboards', period]`), `GET /leagues` (key `['leagues']`),
 *   `GET /leagues/{id}/table?period=` (key `['leagues', id, 'table', period]`), `GET /leagues/invites/{code}`,
 *   `GET|PUT /leaderboards/name`. Tables persist with the rest of the cache, so they show offline.
 * - Mutations: create, join, leave a league; show or hide one's name. Each refetches what it changed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { dataQueryOptions, requestData } from '../../../api/data';
import type { League, LeagueInvite, LeagueTable, LeaderboardName, LeaderboardPeriod } from '../../../contracts/leaderboard';
import { LeagueInputSchema } from '../../../contracts/leaderboard';
import { getLeaderboardQueryOptions, getLeaguesQueryOptions, TABLE_STALE_MS } from './get-leaderboard';

/** The organization's table of `period`, with its query state. */
export const useLeaderboard = (period: LeaderboardPeriod) => useQuery(getLeaderboardQueryOptions(period));

/** The member's leagues, with its query state. */
export const useLeagues = () => useQuery(getLeaguesQueryOptions());

/** A league's table of `period` (404 when the member is not in it). */
function getLeagueTableQueryOptions(id: string, period: LeaderboardPeriod) {
  return {
    ...dataQueryOptions<LeagueTable>(['leagues', id, 'table', period], `/leagues/${encodeURIComponent(id)}/table`, { query: { period } }),
    staleTime: TABLE_STALE_MS,
  };
}

/** A league's table of `period`, with its query state. */
export const useLeagueTable = (id: string, period: LeaderboardPeriod) => useQuery(getLeagueTableQueryOptions(id, period));

/** What an invite link shows (404 for an unknown code); not kept offline, as joining needs the network anyway. */
export function useLeagueInvite(code: string) {
  return useQuery({
    ...dataQueryOptions<LeagueInvite>(['leagues', 'invite', code], `/leagues/invites/${encodeURIComponent(code)}`),
    meta: { persist: false },
    retry: false,
  });
}

/** Creates a league named `name`; answers the league and refetches the list. Throws 422 for a bad name. */
export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['leagues', 'create'],
    mutationFn: (name: string) =>
      requestData<League>('/leagues', { method: 'POST', body: LeagueInputSchema.parse({ name }), idempotencyKey: createIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
}

/** Joins the league of invite `code`; answers the league. Throws 404 (unknown code) or 409 LeagueFull. */
export function useJoinLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['leagues', 'join'],
    mutationFn: (code: string) =>
      requestData<League>(`/leagues/invites/${encodeURIComponent(code)}`, { method: 'POST', idempotencyKey: createIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
}

/** Leaves league `id` and drops its cached tables. */
export function useLeaveLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['leagues', 'leave'],
    mutationFn: (id: string) =>
      requestData<void>(`/leagues/${encodeURIComponent(id)}/members/me`, { method: 'DELETE', idempotencyKey: createIdempotencyKey() }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: ['leagues', id] });
      return queryClient.invalidateQueries({ queryKey: ['leagues'] });
    },
  });
}

/** Whether tables show the member's username. */
export const useLeaderboardName = () => useQuery(dataQueryOptions<LeaderboardName>(['leaderboards', 'name'], '/leaderboards/name'));

/** Shows (true) or hides (false) the member's username in tables; refetches every table. */
export function useChooseLeaderboardName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['leaderboards', 'name'],
    mutationFn: (shown: boolean) =>
      requestData<LeaderboardName>('/leaderboards/name', { method: 'PUT', body: { shown }, idempotencyKey: createIdempotencyKey() }),
    onSuccess: (answer) => {
      queryClient.setQueryData(['leaderboards', 'name'], answer);
      void queryClient.invalidateQueries({ queryKey: ['leaderboards'] });
      void queryClient.invalidateQueries({ queryKey: ['leagues'] });
    },
  });
}
