/**
 * Seasons in the console: `GET /api/admin/seasons` (newest first, the current one marked) and
 * `POST /api/admin/seasons {name, startsAt}` (starts a new season; 409 SeasonOrder when it does not start after the
 * latest). Not persisted (`meta.persist: false`), like every console query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { AdminSeasonListResponseSchema, AdminSeasonResponseSchema, type AdminSeasonInput } from '../../../contracts/admin/season';

const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'seasons'] as const,
    queryFn: async ({ signal }) => (await apiRequest('/admin/seasons', { schema: AdminSeasonListResponseSchema, signal })).data,
    meta: { persist: false },
  });

/** The organization's seasons (TanStack Query state). */
export const useSeasons = () => useQuery(seasonsQueryOptions());

/** Starts a season; answers it and refetches the list. Throws the client's typed errors (`ApiError` 409 SeasonOrder). */
export function useStartSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdminSeasonInput) =>
      (
        await apiRequest('/admin/seasons', {
          method: 'POST',
          body: input,
          schema: AdminSeasonResponseSchema,
          idempotencyKey: createIdempotencyKey(),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonsQueryOptions().queryKey }),
  });
}
