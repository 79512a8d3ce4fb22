/**
 * `POST /rewards/{id}/redeem`: spends the reward's cost. Online only (it spends points; the app says
 * so instead of queueing it), with a fresh Idempotency-Key per confirmation so a retried request never redeems
 * twice: the key is in the variables, so the shared retry policy resends the same key. Errors: 422
 * `InsufficientPointsError`, 409 SoldOut, 403 RankTooLow, 422 RewardNotOpen / RewardClosed /
 * RedemptionLimitReached / ShippingAddressRequired. On success the reward and the balance are written to the cache,
 * then the user, the catalogue and "My rewards" are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { replayableMutationRetry } from '../../../api/retry-policy';
import type { RedeemResult, RewardRedeem } from '../../../contracts/reward';
import { getRewardsQueryOptions } from './get-rewards';
import { refreshAfterRedemption, setCachedBalance } from './balance-changed';

interface RedeemVariables {
  rewardId: string;
  body: RewardRedeem;
  /** Idempotency-Key of this confirmation. */
  idempotencyKey: string;
}

/**
 * Redeems one reward. Returns the result (redemption, reward with its new counts, balance after).
 * @throws InsufficientPointsError, ApiError (403, 404, 409, 422), NetworkError
 */
function redeemReward({ rewardId, body, idempotencyKey }: RedeemVariables): Promise<RedeemResult> {
  return requestData(`/rewards/${encodeURIComponent(rewardId)}/redeem`, { method: 'POST', body, idempotencyKey });
}

/** The redemption mutation; `redeem(rewardId, body)` creates the Idempotency-Key for this confirmation. */
export function useRedeemReward() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['reward-redemption'],
    mutationFn: redeemReward,
    networkMode: 'online',
    ...replayableMutationRetry,
    onSuccess: (result) => {
      queryClient.setQueryData(getRewardsQueryOptions().queryKey, (list) =>
        list?.map((r) => (r.rewardId === result.reward.rewardId ? result.reward : r)),
      );
      setCachedBalance(queryClient, result.points);
    },
    onSettled: () => refreshAfterRedemption(queryClient),
  });
  return {
    ...mutation,
    redeem: (rewardId: string, body: RewardRedeem, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate({ rewardId, body, idempotencyKey: createIdempotencyKey() }, callbacks),
  };
}
