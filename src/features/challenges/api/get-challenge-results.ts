/**
 * `GET /challenge/{id}/results`: how members answered a poll or pick'em, counts and shares per
 * option. Asked only when the shared rule (`src/rules/poll-shares.ts`) lets this member see them; refreshed with the
 * app's hourly refresh (spec §9) while shown, at once on reconnect, and on demand. Persisted with the rest of the
 * query cache, so results once loaded read offline.
 *
 * Errors: 403 `ResultsUnavailable` (hidden by an operator since the challenge was loaded, or not yet shown), 404.
 */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import { ApiError } from '../../../api/errors';
import type { ChallengeResults } from '../../../contracts/challenge';

/** How often shown results refresh on their own, in ms: the hourly refresh of the app's data (spec §9). */
const RESULTS_REFRESH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Query options: key `['challenges', challengeId, 'results']` (under the list key, so the refresh that follows an
 * answer covers it), refetched hourly while observed and at once on reconnect.
 */
function getChallengeResultsQueryOptions(challengeId: string) {
  return {
    ...dataQueryOptions<ChallengeResults>(['challenges', challengeId, 'results'], `/challenge/${encodeURIComponent(challengeId)}/results`),
    refetchInterval: RESULTS_REFRESH_INTERVAL_MS,
    refetchOnReconnect: 'always' as const,
  };
}

/** The results of `challengeId` with their query state; not asked while `enabled` is false. */
export function useChallengeResults(challengeId: string, enabled: boolean) {
  return useQuery({ ...getChallengeResultsQueryOptions(challengeId), enabled });
}

/** True for the server's refusal to show the results (403 ResultsUnavailable, e.g. hidden by an operator). */
export function isResultsUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ResultsUnavailable';
}
