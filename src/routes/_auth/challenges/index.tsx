/**
 * `/challenges` (spec §2): challenge types with open counts, then the open challenges.
 */
import { createFileRoute } from '@tanstack/react-router';
import { getChallengesQueryOptions } from '../../../features/challenges/api/get-challenges';
import { ChallengesOverview } from '../../../features/challenges/components/challenges-overview';

export const Route = createFileRoute('/_auth/challenges/')({
  staticData: { layout: 'default' },
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the list shows skeletons until the (offline-first) query answers.
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
  },
  component: ChallengesOverview,
});
