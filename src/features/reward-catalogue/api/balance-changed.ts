/**
 * What a redemption or its cancellation changes in the cached data: the member's balance at once (from the answer),
 * then the member, the catalogue and "My rewards" read again from the server.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';
import { getRedemptionsQueryOptions } from './get-redemptions';
import { getRewardsQueryOptions } from './get-rewards';

/** Sets the cached member's balance to `points` (the balance the server answered after the change). */
export function setCachedBalance(queryClient: QueryClient, points: number): void {
  queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, (user) => (user ? { ...user, points } : user));
}

/** Reads the member, the catalogue and the member's redemptions again; resolves when all three are refreshed. */
export function refreshAfterRedemption(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getRewardsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getRedemptionsQueryOptions().queryKey }),
  ]);
}
