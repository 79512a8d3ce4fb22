/**
 * `/dashboard` (spec §2): the main signed-in page. The loader starts the dashboard's queries (check-in,
 * challenges) without blocking, so cached data renders at once and lists show skeletons otherwise.
 */
import { createFileRoute } from '@tanstack/react-router';
import { getChallengesQueryOptions } from '../../features/challenges/api/get-challenges';
import { getCheckinQueryOptions } from '../../features/checkin/api/get-checkin';
import { DashboardPage } from '../../app/dashboard/dashboard-page';
import { getOrganizationQueryOptions } from '../../lib/organization/get-organization';
import { getCurrentUserQueryOptions } from '../../lib/session/get-current-user';

export const Route = createFileRoute('/_auth/dashboard')({
  staticData: { layout: 'default' },
  loader: ({ context: { queryClient } }) => {
    // Not awaited: offline-first queries pause without a network; the page renders its cached or pending state.
    queryClient.ensureQueryData(getCurrentUserQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getOrganizationQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getCheckinQueryOptions()).catch(() => undefined);
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
  },
  component: DashboardPage,
});
