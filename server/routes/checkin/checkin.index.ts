/**
 * Check-in routes (members; rules in `domain/checkin.ts`):
 * - `GET /api/checkin` -> CheckinStatus.
 * - `POST /api/checkin {occurredAt?}` -> 201 CheckinResult when the day is credited, 200 `created: false` when
 *   it already was; 422 CheckinTime for an occurredAt older than 24 h or in the future.
 */
import { Hono } from 'hono';
import { CheckinCreateSchema } from '../../../src/contracts/checkin';
import { checkIn, getCheckinStatus } from '../../domain/checkin';
import { readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';

export function checkinRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      return sendData(c, await getCheckinStatus(deps, organization, user.id));
    })
    .post('/', async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { occurredAt } = await readJson(c, CheckinCreateSchema);
      const result = await checkIn(deps, organization, user.id, occurredAt);
      return sendData(c, result, result.created ? 201 : 200);
    });
}
