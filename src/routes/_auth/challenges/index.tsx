/**
 * `/challenges` (spec §2): challenge types with open counts, then the open challenges; during a live venue event,
 * first an entry that opens the venue scanner.
 */
import { createFileRoute } from '@tanstack/react-router';
import { getChallengesQueryOptions } from '../../../features/challenges/api/get-challenges';
import { ChallengesOverview } from '../../../features/challenges/components/challenges-overview';
import { LiveVenueCard } from '../../../features/venue/components/live-venue-card';

export const Route = createFileRoute('/_auth/challenges/')({
  staticData: { layout: 'default' },
  loader: ({ context: { queryClient } }) => {
    // Not awaited: the list shows skeletons until the (offline-first) query answers.
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
  },
  component: ChallengesPage,
});

function ChallengesPage() {
  return <ChallengesOverview lead={<LiveVenueCard variant="entry" />} />;
}
