/** `/contests` (spec §2): live sweepstakes, pick'ems and activations; underage members go to /dashboard (member guard). */
import { createFileRoute } from '@tanstack/react-router';
import { getActivationsQueryOptions } from '../../features/activations/api/get-activations';
import { getChallengesQueryOptions } from '../../features/challenges/api/get-challenges';
import { ContestsPage } from '../../app/contests/contests-page';
import { getSweepstakesQueryOptions } from '../../features/sweepstakes/api/get-sweepstakes';

export const Route = createFileRoute('/_auth/contests')({
  staticData: { layout: 'default', titleKey: 'contests:title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getSweepstakesQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getActivationsQueryOptions()).catch(() => undefined);
  },
  component: ContestsPage,
});
