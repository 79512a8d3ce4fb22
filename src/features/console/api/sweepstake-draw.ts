/**
 * A sweepstake's draw in the console: `GET /api/admin/sweepstakes/{id}/winners` (commitment,
 * revealed seed, every place with its winner and claim status), the draw (`POST .../draw`: 201 the first time, 200
 * with the stored draw after) and the redraw of an unclaimed place (`POST .../winners/{winnerId}/redraw`). Answers
 * are checked with the admin contract; after a change the draw, the sweepstake's item and the audit log are
 * refetched. Not persisted (`meta.persist: false`).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createIdempotencyKey } from '../../../api/client';
import { AdminSweepstakeDrawResponseSchema, type AdminSweepstakeDraw } from '../../../contracts/admin/sweepstake';
import { adminKeys } from './admin-api';

/** Query options of the draw of sweepstake `id`: key `['admin', 'sweepstakes', 'draw', id]`. */
export function sweepstakeDrawQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminKeys.resource('sweepstakes'), 'draw', id] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/admin/sweepstakes/${encodeURIComponent(id)}/winners`, { schema: AdminSweepstakeDrawResponseSchema, signal }))
        .data,
    meta: { persist: false },
  });
}

/**
 * Mutations of sweepstake `id`'s draw: `draw()` runs it, `redraw(winnerId)` gives an unclaimed place to the next
 * pick. Each resolves with the draw after the change; errors are the client's typed errors (422 NotEnded,
 * ClaimPeriodOpen, NoEntriesLeft, ...).
 */
export function useDrawActions(id: string) {
  const queryClient = useQueryClient();
  const post = async (path: string): Promise<AdminSweepstakeDraw> =>
    (
      await apiRequest(`/admin/sweepstakes/${encodeURIComponent(id)}${path}`, {
        method: 'POST',
        schema: AdminSweepstakeDrawResponseSchema,
        idempotencyKey: createIdempotencyKey(),
      })
    ).data;
  const onSuccess = async (draw: AdminSweepstakeDraw) => {
    queryClient.setQueryData(sweepstakeDrawQueryOptions(id).queryKey, draw);
    await queryClient.invalidateQueries({ queryKey: adminKeys.resource('sweepstakes') });
    await queryClient.invalidateQueries({ queryKey: adminKeys.resource('audit-log') });
  };
  const draw = useMutation({ mutationFn: () => post('/draw'), onSuccess });
  const redraw = useMutation({ mutationFn: (winnerId: string) => post(`/winners/${encodeURIComponent(winnerId)}/redraw`), onSuccess });
  return { draw, redraw };
}
