/** `/sweepstakes` (spec §2, §4): sweepstakes by status. */
import { createFileRoute } from '@tanstack/react-router';
import { getSweepstakesQueryOptions } from '../../../features/sweepstakes/api/get-sweepstakes';
import { SweepstakeListPage } from '../../../features/sweepstakes/components/sweepstake-list-page';

export const Route = createFileRoute('/_auth/sweepstakes/')({
  staticData: { layout: 'default', titleKey: 'sweepstakes:list.title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getSweepstakesQueryOptions()).catch(() => undefined);
  },
  component: SweepstakeListPage,
});
