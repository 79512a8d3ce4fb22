/**
 * The console overview's call: `GET /api/admin/overview`, this week's work, its answer checked
 * with the contract. Not persisted (`meta.persist: false`), like every console query; refetched when the operator
 * comes back to the tab, since the week moves on.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { OverviewResponseSchema } from '../../../contracts/admin/overview';

/** Query options of the overview. */
function getOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'overview'] as const,
    queryFn: async ({ signal }) => (await apiRequest('/admin/overview', { schema: OverviewResponseSchema, signal })).data,
    refetchOnWindowFocus: true,
    meta: { persist: false },
  });
}

/** The overview (TanStack Query state of `getOverviewQueryOptions`). */
export const useOverview = () => useQuery(getOverviewQueryOptions());
