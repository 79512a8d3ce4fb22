/**
 * The query options the `/leaderboard` route's loader starts: `GET /leaderboards?period=` (key
 * `['leaderboards', period]`) and `GET /leagues` (key `['leagues']`). Kept apart from the mutations
 * (`./leaderboards.ts`), which check their bodies with the zod contract: the route tree loads this module with the
 * app, and zod stays out of the first load.
 */
import { dataQueryOptions } from '../../../api/data';
import type { League, Leaderboard, LeaderboardPeriod } from '../../../contracts/leaderboard';

/** How long a table is fresh, in ms: points move often, but a tab switch need not refetch at once. */
export const TABLE_STALE_MS = 30_000;

/** The organization's table of `period`. Throws the client's errors (401 when signed out). */
export function getLeaderboardQueryOptions(period: LeaderboardPeriod) {
  return { ...dataQueryOptions<Leaderboard>(['leaderboards', period], '/leaderboards', { query: { period } }), staleTime: TABLE_STALE_MS };
}

/** The member's leagues. */
export function getLeaguesQueryOptions() {
  return dataQueryOptions<League[]>(['leagues'], '/leagues');
}
