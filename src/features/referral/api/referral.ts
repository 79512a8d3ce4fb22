/**
 * The referral requests (contract `src/contracts/referral.ts`):
 * - `GET /user/me/referral` (key `['referral']`): the member's code, link and friends who joined.
 * - `POST /user/me/referral/claim {code}`: the member joined with a friend's code; refetches the referral and the
 *   user (points may have been awarded at once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { dataQueryOptions, requestData } from '../../../api/data';
import type { ReferralClaimResult, ReferralSummary } from '../../../contracts/referral';

/** The query options of the member's referral. */
export const getReferralQueryOptions = () => dataQueryOptions<ReferralSummary>(['referral'], '/user/me/referral');

/** The member's referral, with its query state. */
export const useReferral = () => useQuery(getReferralQueryOptions());

/**
 * Claims a friend's `code` for the member.
 * @throws ApiError 422 ReferralOwnCode / ReferralWindowClosed / ValidationFailed, 409 ReferralAlreadyClaimed,
 *   404 ReferralUnknownCode
 */
export function claimReferralCode(code: string): Promise<ReferralClaimResult> {
  return requestData<ReferralClaimResult>('/user/me/referral/claim', {
    method: 'POST',
    body: { code },
    idempotencyKey: createIdempotencyKey(),
  });
}

/** `claimReferralCode` as a mutation that refetches the referral and the member's points once it is made. */
export function useClaimReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['referral', 'claim'],
    mutationFn: claimReferralCode,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['referral'] }), queryClient.invalidateQueries({ queryKey: ['user'] })]),
  });
}
