/**
 * `GET /activations/{id}` (spec §7): one activation by id or slug, read with the organization key. `data` is a
 * list and the first item is used (null when the list is empty).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestData } from '../../../api/data';
import type { Activation } from '../../../contracts/activation';

/** Fetches one activation; returns the first item of `data`, or null. Throws `NotFoundError`, API/network errors. */
async function getActivation(id: string, signal?: AbortSignal): Promise<Activation | null> {
  const list = await requestData<Activation[]>(`/activations/${encodeURIComponent(id)}`, { auth: 'organization', signal });
  return list[0] ?? null;
}

/** Query options: key `['activations', id]`. */
export function getActivationQueryOptions(id: string) {
  return queryOptions({ queryKey: ['activations', id] as const, queryFn: ({ signal }) => getActivation(id, signal) });
}

/** One activation with its query state. */
export function useActivation(id: string) {
  return useQuery(getActivationQueryOptions(id));
}
