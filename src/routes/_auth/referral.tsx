/** `/referral` (spec §2): invite friends with a personal link (decision 0028). */
import { createFileRoute } from '@tanstack/react-router';
import { ReferralPage } from '../../features/referral/components/referral-page';

export const Route = createFileRoute('/_auth/referral')({
  staticData: { layout: 'default', titleKey: 'referral:title' },
  component: ReferralPage,
});
