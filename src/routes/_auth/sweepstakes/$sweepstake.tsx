/** `/sweepstakes/{sweepstake}` (spec §2): one sweepstake with entry. */
import { createFileRoute } from '@tanstack/react-router';
import { idParam } from '../../../components/route-error';
import { getSweepstakeQueryOptions } from '../../../features/sweepstakes/api/get-sweepstake';
import { SweepstakeDetailPage } from '../../../features/sweepstakes/components/sweepstake-detail-page';

export const Route = createFileRoute('/_auth/sweepstakes/$sweepstake')({
  params: idParam('sweepstake'),
  staticData: { layout: 'no-bottom-nav', titleKey: 'sweepstakes:list.title' },
  loader: ({ context: { queryClient }, params }) => {
    queryClient.ensureQueryData(getSweepstakeQueryOptions(params.sweepstake)).catch(() => undefined);
  },
  component: function SweepstakeRoute() {
    const { sweepstake } = Route.useParams();
    return <SweepstakeDetailPage sweepstakeId={sweepstake} />;
  },
});
