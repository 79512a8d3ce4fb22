/**
 * `GET /api/organization/current` (spec §7): the caller's organization (from the bearer) with its token and
 * ranks. Visitors and members alike.
 */
import { Hono } from 'hono';
import type { Organization } from '../../../src/contracts/organization';
import { sendData } from '../../lib/http';
import type { AppDeps, AppEnv, OrganizationRow } from '../../lib/types';

/** Organization row + ranks -> wire format. */
async function serializeOrganization(deps: AppDeps, org: OrganizationRow): Promise<Organization> {
  const ranks = await deps.queries.ranksByOrganization.execute({ organizationId: org.id });
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

export function organizationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/current', async (c) =>
    sendData(c, await serializeOrganization(deps, c.get('principal').organization)),
  );
}
