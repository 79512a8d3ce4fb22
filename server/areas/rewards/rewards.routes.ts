/**
 * The rewards catalogue's member routes, behind authentication and Idempotency-Key:
 * `GET /rewards` (the catalogue with the member's counts) and `POST /rewards/{id}/redeem` (201, or 404, 403
 * RankTooLow, 409 SoldOut, 422 RewardNotOpen / RewardClosed / RedemptionLimitReached / InsufficientPoints /
 * ShippingAddressRequired) mounted at `/api/rewards`; `GET /user/me/redemptions` ("My rewards", codes included) and
 * `POST /user/me/redemptions/{id}/cancel` mounted at `/api/user/me/redemptions`.
 */
import { PathIdSchema } from '../../../src/contracts/common';
import {
  RedeemResultResponseSchema,
  RedemptionCancelResponseSchema,
  RedemptionListResponseSchema,
  RewardListResponseSchema,
  RewardRedeemSchema,
} from '../../../src/contracts/reward';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';
import { languageOf } from '../../lib/localize';
import { cancelOwnRedemption, listRedemptions, listRewards, redeemReward } from './rewards.service';

/** `GET /rewards`. */
const rewardsRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: 'The rewards catalogue, with what the member needs to know whether they can redeem each',
  tags: ['rewards'],
  response: RewardListResponseSchema,
});

/** `POST /rewards/{id}/redeem`. */
const redeemRoute = declareRoute({
  method: 'post',
  path: '/{id}/redeem',
  summary: "Redeems a reward with the member's points (send an Idempotency-Key)",
  tags: ['rewards'],
  params: { id: PathIdSchema },
  body: RewardRedeemSchema,
  response: RedeemResultResponseSchema,
  status: 201,
  errors: {
    403: "RankTooLow (details {minRankCode}): the member's rank does not unlock it.",
    404: 'NotFound: no published reward has this id.',
    409: 'SoldOut: no item or code is left.',
    422:
      'RewardNotOpen, RewardClosed, RedemptionLimitReached (details {limitPerMember}), InsufficientPoints ' +
      '(details {needed, balance}), ShippingAddressRequired, or ValidationFailed.',
  },
});

/** `GET /user/me/redemptions`. */
const redemptionsRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The member's redemptions, newest first, with the codes of code rewards",
  tags: ['rewards'],
  response: RedemptionListResponseSchema,
});

/** `POST /user/me/redemptions/{id}/cancel`. */
const cancelRoute = declareRoute({
  method: 'post',
  path: '/{id}/cancel',
  summary: "Cancels one of the member's redemptions nobody handled yet, refunding its points",
  tags: ['rewards'],
  params: { id: PathIdSchema },
  response: RedemptionCancelResponseSchema,
  errors: {
    404: 'NotFound: the member has no redemption with this id.',
    409: 'NotCancellable (details {status}): it was handled, revealed or cancelled already.',
  },
});

/** `/api/rewards`: the catalogue and redemption. */
export function rewardRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(rewardsRoute, async (c) => sendData(c, await listRewards(deps.db, requireUser(c.get('principal')), languageOf(c))))
    .openapi(redeemRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return sendData(c, await redeemReward(deps, principal, id, body, languageOf(c)), 201);
    });
}

/** `/api/user/me/redemptions`: the member's redemptions ("My rewards"). */
export function redemptionRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(redemptionsRoute, async (c) => sendData(c, await listRedemptions(deps.db, requireUser(c.get('principal')), languageOf(c))))
    .openapi(cancelRoute, async (c) =>
      sendData(c, await cancelOwnRedemption(deps, requireUser(c.get('principal')), c.req.valid('param').id, languageOf(c))),
    );
}
