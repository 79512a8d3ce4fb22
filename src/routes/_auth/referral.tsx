/** `/referral` (spec §2): the member's invite link and code, friends who joined and the reward. */
import { createFileRoute } from '@tanstack/react-router';
import { getReferralQueryOptions } from '../../features/referral/api/referral';
import { ReferralPage } from '../../features/referral/components/referral-page';

export const Route = createFileRoute('/_auth/referral')({
  staticData: { layout: 'default', titleKey: 'referral:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getReferralQueryOptions()).catch(() => undefined);
  },
  component: ReferralPage,
});
