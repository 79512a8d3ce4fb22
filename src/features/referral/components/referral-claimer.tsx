/**
 * Claims the referral code a visitor arrived with (`/?ref={code}`, kept through sign-in by `kept-code.ts`) once a
 * member is signed in. A claim the server refuses (their own code, already referred, past the 14
 * days, an unknown code) is dropped quietly: the member did nothing wrong by opening a link. Offline, the code stays
 * for the next start. Renders nothing.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { useCurrentUser } from '../../../lib/session/get-current-user';
import { notify } from '../../../platform/toasts';
import { claimReferralCode } from '../api/referral';
import { forgetReferralCode, keptReferralCode } from '../kept-code';

/** Claims the kept code for the signed-in member, once per app start. */
export function ReferralClaimer() {
  const { t } = useTranslation('referral');
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const tried = useRef(false);
  const userId = user?.userId;
  useEffect(() => {
    const code = keptReferralCode();
    if (!userId || !code || tried.current) return;
    tried.current = true;
    // Whatever the answer, the referral shown may have changed (a claim whose answer was lost is a 409 the next time).
    const refresh = () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['referral'] }), queryClient.invalidateQueries({ queryKey: ['user'] })]);
    claimReferralCode(code).then(
      (result) => {
        forgetReferralCode();
        notify({ title: t(result.rewarded ? 'claim.doneRewarded' : 'claim.done') });
        void refresh();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status < 500) forgetReferralCode();
        void refresh();
      },
    );
  }, [userId, t, queryClient]);
  return null;
}
