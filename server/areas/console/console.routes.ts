/**
 * The admin API under `/api/admin` (operators only: 401 without a session, 403 for a member who is not an
 * operator, checked before any route). Each content resource comes from `adminResourceRoutes`; the audit log is
 * read at `GET /api/admin/audit-log?entity=&actorUserId=&page=&pageSize=`; the figures at `GET /api/admin/figures`; the console's overview at `GET /api/admin/overview`.
 */
import { AuditLogQuerySchema, AuditLogResponseSchema } from '../../../src/contracts/admin/common';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { challengeResultRoutes } from './challenge-results.routes';
import { figuresAdminRoutes } from './figures.routes';
import { overviewAdminRoutes } from './overview.routes';
import { drawAdminRoutes } from './draws.routes';
import { memberAdminRoutes } from './members.routes';
import { pushAdminRoutes } from './push.routes';
import { organizationAdminRoutes } from './organization.routes';
import { rankAdminRoutes } from './ranks.routes';
import { redemptionAdminRoutes } from './redemptions.routes';
import { seasonAdminRoutes } from './seasons.routes';
import { adminMediaRoutes } from './media.routes';
import { operatorsOnly, requireOperator } from './operator';
import { readAuditLog } from './console.service';
import { passAdminRoutes } from './passes.routes';
import { DOCUMENT_RESOURCES } from './registry';
import { adminResourceRoutes } from './resource';
import { venueEventAdminRoutes } from './venue-events.resource';

/** `GET /audit-log`. */
const auditLogRoute = declareRoute({
  method: 'get',
  path: '/audit-log',
  summary: "The organization's audit log, newest first, by entity and operator",
  tags: ['admin'],
  auth: 'operator',
  query: AuditLogQuerySchema,
  response: AuditLogResponseSchema,
});

/**
 * Every admin route, mounted by `createApp` inside the member group at `/admin`: a route group, as is every group
 * mounted in it, so that their declarations reach the app's OpenAPI document.
 */
export function adminRoutes(deps: AppDeps) {
  const app = routeGroup();
  app.use('*', operatorsOnly());
  app.route('/organization', organizationAdminRoutes(deps));
  app.route('/ranks', rankAdminRoutes(deps));
  app.route('/members', memberAdminRoutes(deps));
  app.route('/media', adminMediaRoutes(deps));
  app.route('/challenges', challengeResultRoutes(deps));
  app.route('/', figuresAdminRoutes(deps));
  app.route('/', overviewAdminRoutes(deps));
  app.route('/sweepstakes', drawAdminRoutes(deps));
  app.route('/seasons', seasonAdminRoutes(deps));
  app.route('/venue-events', venueEventAdminRoutes(deps));
  app.route('/push-notifications', pushAdminRoutes(deps));
  app.route('/passes', passAdminRoutes(deps));
  app.route('/', redemptionAdminRoutes(deps));
  for (const { resource } of DOCUMENT_RESOURCES) app.route(`/${resource.name}`, adminResourceRoutes(deps, resource));
  app.openapi(auditLogRoute, async (c) => {
    const { organization } = requireOperator(c.get('principal'));
    return c.json(await readAuditLog(deps, organization.id, c.req.valid('query')), 200);
  });
  return app;
}
