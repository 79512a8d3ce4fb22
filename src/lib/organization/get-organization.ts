/**
 * `GET /organization/current` (spec §7): bearer is the organization key. Reads organizationId, token, ranks;
 * a missing organizationId only logs a warning (spec §8). The organization token is then sent as
 * `x-org-token` on every later request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../api/client';
import { setOrganizationToken } from '../../api/credentials';
import type { Organization } from '../../contracts/organization';

/**
 * Fetches the current organization with the organization key and remembers its token for `x-org-token`.
 * Returns the organization. Throws API/network errors.
 */
async function getOrganization(signal?: AbortSignal): Promise<Organization> {
  const { data } = await apiRequest<Envelope<Organization>>('/organization/current', {
    auth: 'organization',
    signal,
  });
  if (!data.organizationId) console.warn('[organization] the current organization has no organizationId');
  setOrganizationToken(data.token || null);
  return data;
}

/** Query options for the organization: key `['organization']`, fresh for an hour. */
export function getOrganizationQueryOptions() {
  return queryOptions({
    queryKey: ['organization'] as const,
    queryFn: ({ signal }) => getOrganization(signal),
    staleTime: 60 * 60 * 1000,
  });
}

/** The current organization with the query state. */
export function useOrganization() {
  return useQuery(getOrganizationQueryOptions());
}
