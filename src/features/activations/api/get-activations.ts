/** `GET /activations/list` (spec §6-§7): the organization's activations, read with the organization key as bearer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ResponseOf } from '../../../api/client';
import type { ActivationListResponseSchema, Activation } from '../../../contracts/activation';

/** Fetches every activation (organization-key bearer). Throws API/network errors. */
async function getActivations(signal?: AbortSignal): Promise<Activation[]> {
  const { data } = await apiRequest<ResponseOf<typeof ActivationListResponseSchema>>('/activations/list', { auth: 'organization', signal });
  return data;
}

/** Query options: key `['activations']`. */
export function getActivationsQueryOptions() {
  return queryOptions({ queryKey: ['activations'] as const, queryFn: ({ signal }) => getActivations(signal) });
}

/** The activation list with its query state. */
export function useActivations() {
  return useQuery(getActivationsQueryOptions());
}
