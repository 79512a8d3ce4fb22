/**
 * `POST /user/me/redemptions/{id}/cancel`: the member cancels a redemption nobody handled yet; the
 * points come back. Online only, one Idempotency-Key per confirmation. Errors: 409 NotCancellable, 404.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { replayableMutationRetry } from '../../../api/retry-policy';
import type { RedemptionCancelResult } from '../../../contracts/reward';
import { getRedemptionsQueryOptions } from './get-redemptions';
import { refreshAfterRedemption, setCachedBalance } from './balance-changed';

/** Cancels one redemption; returns it cancelled with the balance after the refund. @throws ApiError, NetworkError */
function cancelRedemption({
  redemptionId,
  idempotencyKey,
}: {
  redemptionId: string;
  idempotencyKey: string;
}): Promise<RedemptionCancelResult> {
  return requestData(`/user/me/redemptions/${encodeURIComponent(redemptionId)}/cancel`, { method: 'POST', idempotencyKey });
}

/** The cancel mutation; `cancel(redemptionId)` creates the Idempotency-Key. */
export function useCancelRedemption() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['reward-redemption-cancel'],
    mutationFn: cancelRedemption,
    networkMode: 'online',
    ...replayableMutationRetry,
    onSuccess: (result) => {
      queryClient.setQueryData(getRedemptionsQueryOptions().queryKey, (list) =>
        list?.map((r) => (r.redemptionId === result.redemption.redemptionId ? result.redemption : r)),
      );
      setCachedBalance(queryClient, result.points);
    },
    onSettled: () => refreshAfterRedemption(queryClient),
  });
  return {
    ...mutation,
    cancel: (redemptionId: string, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate({ redemptionId, idempotencyKey: createIdempotencyKey() }, callbacks),
  };
}
