/** `/referral` (spec §2): invite friends with a personal link (decision 0028). */
import { createFileRoute } from '@tanstack/react-router';
import { ReferralPage } from '../../features/referral/components/referral-page';

export const Route = createFileRoute('/_auth/referral')({
  staticData: { layout: 'no-bottom-nav', titleKey: 'referral:title' },
  component: ReferralPage,
});
