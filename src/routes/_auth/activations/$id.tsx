/** `/activations/{id}` (spec §3, §7): one activation's page, opened from its card; `id` is its slug or id. */
import { createFileRoute } from '@tanstack/react-router';
import { getActivationQueryOptions } from '../../../features/activations/api/get-activation';
import { ActivationPage } from '../../../features/activations/components/activation-page';

export const Route = createFileRoute('/_auth/activations/$id')({
  staticData: { layout: 'no-bottom-nav', titleKey: 'activations:title' },
  loader: ({ context: { queryClient }, params }) => {
    queryClient.ensureQueryData(getActivationQueryOptions(params.id)).catch(() => undefined);
  },
  component: function ActivationRoute() {
    const { id } = Route.useParams();
    return <ActivationPage activationId={id} />;
  },
});
