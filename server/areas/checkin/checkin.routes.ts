/**
 * Check-in routes (members; rules in `areas/checkin/checkin.service.ts`):
 * - `GET /api/checkin` -> CheckinStatus.
 * - `POST /api/checkin {occurredAt?}` -> 201 CheckinResult when the day is credited, 200 `created: false` when
 *   it already was; 422 CheckinTime for an occurredAt older than 24 h or in the future.
 */
import { CheckinCreateSchema, CheckinResultResponseSchema, CheckinStatusResponseSchema } from '../../../src/contracts/checkin';
import { checkIn, getCheckinStatus } from './checkin.service';
import { rewardPendingReferral } from '../../kernel/referral-reward';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';
import { groupCommit } from '../../kernel/idempotency';

/** `GET /checkin`. */
const statusRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The member's check-in streak and whether today can be checked in",
  tags: ['checkin'],
  response: CheckinStatusResponseSchema,
});

/** `POST /checkin`. */
const checkInRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Checks the member in for the day (the body may be left out)',
  description: '`occurredAt` is set by the offline queue: the time the fan tapped, honoured when at most 24 h old.',
  tags: ['checkin'],
  body: CheckinCreateSchema,
  response: CheckinResultResponseSchema,
  status: { 201: 'The day is credited.', 200: 'The day was already credited (`created: false`); nothing changed.' },
  errors: { 422: 'CheckinTime: occurredAt is older than 24 h or in the future; ValidationFailed: the body breaks the contract.' },
  // Its statements are batched per transaction (`areas/checkin/checkin.service.ts`): a kick-off's check-ins commit in groups.
  middleware: [groupCommit],
});

export function checkinRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(statusRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      return sendData(c, await getCheckinStatus(deps, organization, user.id));
    })
    .openapi(checkInRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { occurredAt } = c.req.valid('json');
      const result = await checkIn(deps, organization, user.id, occurredAt);
      // A claimed referral is rewarded after the newcomer's first check-in; the flag came with the session.
      if (user.referralPending) await rewardPendingReferral(deps, organization, user.id);
      return sendData(c, result, result.created ? 201 : 200);
    });
}
