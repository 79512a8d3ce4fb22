/**
 * `GET /api/organization/current` (spec §7): the caller's organization (from the bearer) with its token and
 * ranks. Visitors and members alike.
 */
import { Hono } from 'hono';
import type { Organization } from '../../../src/contracts/organization';
import { sendData } from '../../lib/http';
import type { AppEnv, OrganizationRow, RankRow } from '../../lib/types';

/** Organization row + its ranks (threshold ascending) -> wire format. */
function serializeOrganization(org: OrganizationRow, ranks: RankRow[]): Organization {
  return {
    organizationId: org.id,
    name: org.name,
    token: org.token,
    ranks: ranks.map((r) => ({ name: r.code, title: r.title, threshold: r.threshold })),
    timeZone: org.timeZone,
    brandColor: org.brandColor,
    logoMediaId: org.logoMediaId,
  };
}

/** The organization routes; they need no dependency: the principal carries the organization and its ranks. */
export function organizationRoutes() {
  return new Hono<AppEnv>().get('/current', (c) => {
    const { organization, ranks } = c.get('principal');
    return sendData(c, serializeOrganization(organization, ranks));
  });
}
