/**
 * The rewards catalogue's member routes, behind authentication and Idempotency-Key:
 * `GET /rewards` (the catalogue with the member's counts) and `POST /rewards/{id}/redeem` (201, or 404, 403
 * RankTooLow, 409 SoldOut, 422 RewardNotOpen / RewardClosed / RedemptionLimitReached / InsufficientPoints /
 * ShippingAddressRequired) mounted at `/api/rewards`; `GET /user/me/redemptions` ("My rewards", codes included) and
 * `POST /user/me/redemptions/{id}/cancel` mounted at `/api/user/me/redemptions`.
 */
import { Hono } from 'hono';
import { PathIdSchema } from '../../../src/contracts/common';
import {
  RedeemResultResponseSchema,
  RedemptionCancelResponseSchema,
  RedemptionListResponseSchema,
  RewardListResponseSchema,
  RewardRedeemSchema,
} from '../../../src/contracts/reward';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';
import { languageOf } from '../../lib/localize';
import { cancelOwnRedemption, listRedemptions, listRewards, redeemReward } from './rewards.service';

/** `/api/rewards`: the catalogue and redemption. */
export function rewardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: 'The rewards catalogue, with what the member needs to know whether they can redeem each',
        tags: ['rewards'],
        response: RewardListResponseSchema,
      }),
      async (c) => sendData(c, await listRewards(deps.db, requireUser(c.get('principal')), languageOf(c))),
    )
    .post(
      '/:id/redeem',
      documented({
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
      }),
      async (c) => {
        const principal = requireUser(c.get('principal'));
        const body = await readJson(c, RewardRedeemSchema);
        return sendData(c, await redeemReward(deps, principal, c.req.param('id'), body, languageOf(c)), 201);
      },
    );
}

/** `/api/user/me/redemptions`: the member's redemptions ("My rewards"). */
export function redemptionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The member's redemptions, newest first, with the codes of code rewards",
        tags: ['rewards'],
        response: RedemptionListResponseSchema,
      }),
      async (c) => sendData(c, await listRedemptions(deps.db, requireUser(c.get('principal')), languageOf(c))),
    )
    .post(
      '/:id/cancel',
      documented({
        summary: "Cancels one of the member's redemptions nobody handled yet, refunding its points",
        tags: ['rewards'],
        params: { id: PathIdSchema },
        response: RedemptionCancelResponseSchema,
        errors: {
          404: 'NotFound: the member has no redemption with this id.',
          409: 'NotCancellable (details {status}): it was handled, revealed or cancelled already.',
        },
      }),
      async (c) => sendData(c, await cancelOwnRedemption(deps, requireUser(c.get('principal')), c.req.param('id'), languageOf(c))),
    );
}
