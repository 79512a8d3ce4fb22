/** `/rewards/mine` ("My rewards"): the member's redemptions and codes; read offline from the persisted cache. */
import { createFileRoute } from '@tanstack/react-router';
import { getRedemptionsQueryOptions } from '../../../features/reward-catalogue/api/get-redemptions';
import { MyRewardsPage } from '../../../features/reward-catalogue/components/my-rewards-page';

export const Route = createFileRoute('/_auth/rewards/mine')({
  staticData: { layout: 'default', titleKey: 'reward-catalogue:mine.title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getRedemptionsQueryOptions()).catch(() => undefined);
  },
  component: MyRewardsPage,
});
