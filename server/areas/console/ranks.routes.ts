/**
 * `/api/admin/ranks`: the organization's ten ranks P10..P1. `GET /` lists them lowest first; `PATCH /{code}`
 * changes a rank's title, threshold and French title. The ladder after the change must pass `rankLadderProblems`
 * (src/rules/rank.ts: P10 at 0 points, thresholds strictly increasing up to P1), else 422 naming `threshold`.
 * Audit entity `ranks`, entity id the rank code. Fans see the change on their next request (the ranks' trigger
 * raises the organization's version).
 */
import { AdminRankListResponseSchema, AdminRankResponseSchema, RankPatchSchema } from '../../../src/contracts/admin/rank';
import { RankCodeSchema } from '../../../src/contracts/organization';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';
import { sentFields } from './resource';
import { changeRank, listRanks } from './ranks.service';

/** `GET /`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's ten ranks, lowest first",
  tags: ['admin'],
  auth: 'operator',
  response: AdminRankListResponseSchema,
});

/** `PATCH /{code}`. */
const updateRoute = declareRoute({
  method: 'patch',
  path: '/{code}',
  summary: "Changes a rank's title, threshold or French title",
  tags: ['admin'],
  auth: 'operator',
  params: { code: RankCodeSchema },
  body: RankPatchSchema,
  response: AdminRankResponseSchema,
  errors: {
    404: 'NotFound: not a rank code.',
    422: 'ValidationFailed: the body breaks the contract, or the ladder would break the rank rule (details name `threshold`).',
  },
});

/** The rank routes, mounted at `/api/admin/ranks`. */
export function rankAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await listRanks(deps, organization.id));
    })
    .openapi(updateRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { code } = c.req.valid('param');
      const patch = await sentFields(c, c.req.valid('json'));
      const item = await changeRank(deps, organization.id, user, code, patch);
      return sendData(c, item);
    });
}
