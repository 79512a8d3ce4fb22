/** `GET /activations/list` (spec §6-§7): the organization's activations, read with the organization key as bearer. */
import { useQuery } from '@tanstack/react-query';
import { dataQueryOptions } from '../../../api/data';
import type { Activation } from '../../../contracts/activation';

/** Query options: key `['activations']`, fetches every activation (organization-key bearer). Throws API/network errors. */
export function getActivationsQueryOptions() {
  return dataQueryOptions<Activation[]>(['activations'], '/activations/list', { auth: 'organization' });
}

/** The activation list with its query state. */
export function useActivations() {
  return useQuery(getActivationsQueryOptions());
}
