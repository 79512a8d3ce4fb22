/**
 * The console's overview for operators (contract `src/contracts/admin/overview.ts`):
 * `GET /api/admin/overview` -> `{data: Overview}`, what the organization's operators act on this week
 * (`server/areas/console/overview.service.ts`). It only reads: nothing is audit-logged.
 */
import { OverviewResponseSchema } from '../../../src/contracts/admin/overview';
import { readOverview } from './overview.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

/** `GET /overview`. */
const overviewRoute = declareRoute({
  method: 'get',
  path: '/overview',
  summary: "This week's work: live and scheduled content, pick'ems awaiting a result, draws due, unclaimed prizes, scheduled notifications",
  description:
    'Each list holds at most 20 items, soonest first, with the count of all of them. Scheduled content starts within the next 7 days.',
  tags: ['admin'],
  auth: 'operator',
  response: OverviewResponseSchema,
});

/** The overview route, mounted at `/api/admin` (its path is `/overview`). */
export function overviewAdminRoutes(deps: AppDeps) {
  return routeGroup().openapi(overviewRoute, async (c) => {
    const { organization } = requireOperator(c.get('principal'));
    return sendData(c, await readOverview(deps, organization.id, deps.clock()));
  });
}
