/**
 * `POST /activations/activate-user {slug}` (spec §3, §7): the member takes part in an activation and collects its
 * badges (`data.badges`) and points, once (ARCHITECTURE §4). Online only; a fresh Idempotency-Key per tap.
 * Errors: 422 NotLive (outside `startsAt`..`stopsAt`), 404, 401.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createIdempotencyKey } from '../../../api/client';
import { requestData } from '../../../api/data';
import type { ActivateUserResult } from '../../../contracts/activation';
import { getCurrentUserQueryOptions } from '../../../lib/session/get-current-user';

/**
 * Activates `slug` for the signed-in member. Returns the badges now held and the points awarded
 * (`created: false` when the member had already activated it).
 * @throws ApiError (422 NotLive, 404, 401), NetworkError
 */
async function activateUser(slug: string, idempotencyKey = createIdempotencyKey()): Promise<ActivateUserResult> {
  return requestData('/activations/activate-user', { method: 'POST', body: { slug }, idempotencyKey });
}

/** The activate mutation (variables: the slug); refetches the user (points) when it settles. */
export function useActivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['activate-user'],
    mutationFn: (slug: string) => activateUser(slug),
    networkMode: 'online',
    onSettled: () => queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
}
