/** `/rewards`: the rewards catalogue; read offline from the persisted cache. */
import { createFileRoute } from '@tanstack/react-router';
import { getRewardsQueryOptions } from '../../../features/reward-catalogue/api/get-rewards';
import { RewardCataloguePage } from '../../../features/reward-catalogue/components/reward-catalogue-page';

export const Route = createFileRoute('/_auth/rewards/')({
  staticData: { layout: 'default', titleKey: 'reward-catalogue:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getRewardsQueryOptions()).catch(() => undefined);
  },
  component: RewardCataloguePage,
});
