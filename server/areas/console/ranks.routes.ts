/**
 * `/api/admin/ranks`: the organization's ten ranks P10..P1. `GET /` lists them lowest first; `PATCH /{code}`
 * changes a rank's title, threshold and French title. The ladder after the change must pass `rankLadderProblems`
 * (src/rules/rank.ts: P10 at 0 points, thresholds strictly increasing up to P1), else 422 naming `threshold`.
 * Audit entity `ranks`, entity id the rank code. Fans see the change on their next request (the ranks' trigger
 * raises the organization's version).
 */
import { Hono } from 'hono';
import { AdminRankListResponseSchema, AdminRankResponseSchema, RankPatchSchema } from '../../../src/contracts/admin/rank';
import { RankCodeSchema } from '../../../src/contracts/organization';
import { notFound } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireOperator } from './operator';
import { readPatch } from './resource';
import { changeRank, listRanks } from './ranks.service';

/** The rank routes, mounted at `/api/admin/ranks`. */
export function rankAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's ten ranks, lowest first",
        tags: ['admin'],
        auth: 'operator',
        response: AdminRankListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        return sendData(c, await listRanks(deps, organization.id));
      },
    )
    .patch(
      '/:code',
      documented({
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
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const code = RankCodeSchema.safeParse(c.req.param('code'));
        if (!code.success) throw notFound('Rank not found');
        const patch = await readPatch(c, RankPatchSchema);
        const item = await changeRank(deps, organization.id, user, code.data, patch);
        return sendData(c, item);
      },
    );
}
