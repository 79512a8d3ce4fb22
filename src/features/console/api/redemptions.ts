/**
 * The fulfilment list in the console: `GET /api/admin/redemptions?status=&fulfilment=&page=`,
 * `PATCH /api/admin/redemptions/{id} {status}` (409 when the move is not possible from its status) and the CSV
 * export `GET /api/admin/redemptions.csv` (codes included). Not persisted (`meta.persist: false`), like every console
 * query.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import {
  AdminRedemptionListResponseSchema,
  AdminRedemptionResponseSchema,
  type AdminRedemptionQuery,
  type AdminRedemptionUpdate,
} from '../../../contracts/admin/redemption';

type RedemptionFilter = Pick<AdminRedemptionQuery, 'status' | 'fulfilment'>;

const redemptionsQueryOptions = (filter: RedemptionFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'redemptions', filter, page] as const,
    queryFn: async ({ signal }) =>
      apiRequest('/admin/redemptions', { query: { ...filter, page, pageSize: 25 }, schema: AdminRedemptionListResponseSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

/** One page of redemptions matching `filter` (`{data, meta}`), newest first. */
export const useAdminRedemptions = (filter: RedemptionFilter, page: number) => useQuery(redemptionsQueryOptions(filter, page));

/** Moves a redemption on or cancels it; refetches the list. Throws the client's typed errors (409 for an impossible move). */
export function useUpdateRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, update }: { id: string; update: AdminRedemptionUpdate }) =>
      (
        await apiRequest(`/admin/redemptions/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: update,
          schema: AdminRedemptionResponseSchema,
          idempotencyKey: createIdempotencyKey(),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'redemptions'] }),
  });
}

/** The redemptions matching `filter` as CSV text (codes included). */
export function fetchRedemptionsCsv(filter: RedemptionFilter): Promise<string> {
  return apiRequest<string>('/admin/redemptions.csv', { query: { ...filter }, read: 'text' });
}
