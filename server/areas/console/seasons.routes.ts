/**
 * Seasons, for operators:
 * - `GET /api/admin/seasons`: every season, newest first, the current one marked.
 * - `POST /api/admin/seasons {name, startsAt}`: starts a new season (its tables count from `startsAt`; leagues and
 *   their members stay). Audit action `create`, entity `seasons`.
 */
import { Hono } from 'hono';
import { AdminSeasonInputSchema, AdminSeasonListResponseSchema, AdminSeasonResponseSchema } from '../../../src/contracts/admin/season';
import { readSeasons, startNewSeason } from './seasons.service';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireOperator } from './operator';

/** The season routes, mounted at `/api/admin/seasons`. */
export function seasonAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's seasons, newest first",
        tags: ['admin'],
        auth: 'operator',
        response: AdminSeasonListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        return sendData(c, await readSeasons(deps, organization.id));
      },
    )
    .post(
      '/',
      documented({
        summary: 'Starts a new season: new season tables from its start, leagues kept',
        tags: ['admin'],
        auth: 'operator',
        body: AdminSeasonInputSchema,
        response: AdminSeasonResponseSchema,
        status: 201,
        errors: { 409: "SeasonOrder: the start is not after the latest season's start (details.latestStartsAt)." },
      }),
      async (c) => {
        const { user } = requireOperator(c.get('principal'));
        const input = await readJson(c, AdminSeasonInputSchema);
        return sendData(c, await startNewSeason(deps, user, input), 201);
      },
    );
}
