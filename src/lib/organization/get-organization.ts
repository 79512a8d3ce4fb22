/**
 * `GET /organization/current` (spec §7): bearer is the organization key. Reads organizationId, token, ranks;
 * a missing organizationId only logs a warning (spec §8). The organization token is then sent as
 * `x-org-token` on every later request.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Envelope } from '../../api/client';
import { setOrganizationToken } from '../../api/credentials';
import type { Organization } from '../../contracts/organization';
import { takeEarlyRequest } from '../../platform/early-requests';
import { currentLanguage } from '../../platform/i18n';

/** The request index.html's parser started for the organization (scripts/lib/early-requests.ts). */
interface EarlyOrganizationRequest {
  /** The language it asked in (`Accept-Language`). */
  language: string;
  response: Response;
}

/**
 * The organization's answer to the request index.html started with the page, taken once: its data when it asked in
 * the language i18next decided and succeeded, else null (no such request, another language, a failure: the caller
 * asks again, and a failure then surfaces as the API client's typed error). Never rejects.
 */
async function takeEarlyOrganization(): Promise<Organization | null> {
  const early = takeEarlyRequest<EarlyOrganizationRequest>('__podiumOrganization');
  if (!early) return null;
  try {
    const { language, response } = await early;
    if (language !== currentLanguage() || !response.ok) return null;
    return ((await response.json()) as Envelope<Organization>).data;
  } catch {
    return null;
  }
}

/**
 * Fetches the current organization with the organization key (the first time, the answer to the request index.html
 * started, when it fits) and remembers its token for `x-org-token`. Returns the organization. Throws API/network
 * errors.
 */
async function getOrganization(signal?: AbortSignal): Promise<Organization> {
  const data =
    (await takeEarlyOrganization()) ??
    (await apiRequest<Envelope<Organization>>('/organization/current', { auth: 'organization', signal })).data;
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
