/**
 * `GET /challenge/{subtype}/history` (spec §7: "List of {challenge, outcome}; called with the subtype key"):
 * the member's resolved challenges of one subtype with their outcome.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../../api/client';
import type { ChallengeHistoryItem, ChallengeSubtype } from '../../../contracts/challenge';

/** Fetches the history of one subtype, newest first as the server sends it. Throws API/network errors. */
async function getChallengeHistory(subtype: ChallengeSubtype, signal?: AbortSignal): Promise<ChallengeHistoryItem[]> {
  const { data } = await apiRequest<Envelope<ChallengeHistoryItem[]>>(`/challenge/${subtype}/history`, { signal });
  return data;
}

/** Query options: key `['challenges', 'history', subtype]` (under the list key: answering invalidates it too). */
export function getChallengeHistoryQueryOptions(subtype: ChallengeSubtype) {
  return queryOptions({
    queryKey: ['challenges', 'history', subtype] as const,
    queryFn: ({ signal }) => getChallengeHistory(subtype, signal),
  });
}

/** The history of one subtype with its query state. */
export function useChallengeHistory(subtype: ChallengeSubtype) {
  return useQuery(getChallengeHistoryQueryOptions(subtype));
}
