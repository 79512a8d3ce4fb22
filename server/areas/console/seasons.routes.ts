/**
 * Seasons, for operators:
 * - `GET /api/admin/seasons`: every season, newest first, the current one marked.
 * - `POST /api/admin/seasons {name, startsAt}`: starts a new season (its tables count from `startsAt`; leagues and
 *   their members stay). Audit action `create`, entity `seasons`.
 */
import { AdminSeasonInputSchema, AdminSeasonListResponseSchema, AdminSeasonResponseSchema } from '../../../src/contracts/admin/season';
import { readSeasons, startNewSeason } from './seasons.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

/** `GET /`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's seasons, newest first",
  tags: ['admin'],
  auth: 'operator',
  response: AdminSeasonListResponseSchema,
});

/** `POST /`. */
const startRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Starts a new season: new season tables from its start, leagues kept',
  tags: ['admin'],
  auth: 'operator',
  body: AdminSeasonInputSchema,
  response: AdminSeasonResponseSchema,
  status: 201,
  errors: { 409: "SeasonOrder: the start is not after the latest season's start (details.latestStartsAt)." },
});

/** The season routes, mounted at `/api/admin/seasons`. */
export function seasonAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await readSeasons(deps, organization.id));
    })
    .openapi(startRoute, async (c) => {
      const { user } = requireOperator(c.get('principal'));
      return sendData(c, await startNewSeason(deps, user, c.req.valid('json')), 201);
    });
}
