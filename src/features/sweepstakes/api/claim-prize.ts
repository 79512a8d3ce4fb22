/**
 * `POST /sweepstake/{id}/claim`: a winner claims the prize. Online only, with a fresh
 * Idempotency-Key per tap (the shared retry policy resends the same key); the server records the claim once and
 * answers a repeated claim with the first. Errors: 403 NotWinner, 422 ClaimExpired. On success the member's win is
 * written into the cached draw and the cached list (so the "You won" banner goes at once), then both are refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import { replayableMutationRetry } from '../../../api/retry-policy';
import type { OwnWin } from '../../../contracts/sweepstake';
import { getSweepstakeDrawQueryOptions } from './get-sweepstake-draw';
import { getSweepstakesQueryOptions } from './get-sweepstakes';

/** Variables of one claim. */
interface ClaimPrizeVariables {
  sweepstakeId: string;
  idempotencyKey: string;
}

/**
 * Claims the caller's prize of `sweepstakeId`. Returns the win with `claimedAt`.
 * @throws ApiError (403 NotWinner, 422 ClaimExpired, 404), NetworkError
 */
async function claimPrize({ sweepstakeId, idempotencyKey }: ClaimPrizeVariables): Promise<OwnWin> {
  return requestData(`/sweepstake/${encodeURIComponent(sweepstakeId)}/claim`, { method: 'POST', idempotencyKey });
}

/** The claim mutation; `claim(sweepstakeId)` creates the Idempotency-Key for this tap. */
export function useClaimPrize() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: ['sweepstake-claim'],
    mutationFn: claimPrize,
    networkMode: 'online',
    ...replayableMutationRetry,
    onSuccess: (you, { sweepstakeId }) => {
      queryClient.setQueryData(getSweepstakeDrawQueryOptions(sweepstakeId).queryKey, (draw) => (draw ? { ...draw, you } : draw));
      queryClient.setQueryData(getSweepstakesQueryOptions().queryKey, (list) =>
        list?.map((s) => (s.sweepstakeId === sweepstakeId ? { ...s, yourWin: you } : s)),
      );
    },
    onSettled: (_result, _error, { sweepstakeId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getSweepstakeDrawQueryOptions(sweepstakeId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getSweepstakesQueryOptions().queryKey, exact: true }),
      ]),
  });
  return {
    ...mutation,
    claim: (sweepstakeId: string, callbacks?: Parameters<typeof mutation.mutate>[1]) =>
      mutation.mutate({ sweepstakeId, idempotencyKey: createIdempotencyKey() }, callbacks),
  };
}
