/**
 * Sweepstake routes (spec §7), mounted at `/api/sweepstake` behind authentication and Idempotency-Key:
 * `GET /` and `GET /{id}` for members and visitors (organization key: public sweepstakes, no entry counts
 * of their own); `POST /{id}/entry {count}` for members: 201 with the entry result, or 401 visitor,
 * 403 Underage, 404, 422 ValidationFailed / NotLive / EntryLimitReached / InsufficientPoints.
 * `GET /{id}/draw` publishes the draw so anyone can verify it, and `POST /{id}/claim` lets a winner claim the
 * prize.
 */
import { PathIdSchema } from '../../../src/contracts/common';
import {
  SweepstakeClaimResponseSchema,
  SweepstakeDrawResponseSchema,
  SweepstakeEntryCreateSchema,
  SweepstakeEntryResponseSchema,
  SweepstakeListResponseSchema,
  SweepstakeResponseSchema,
} from '../../../src/contracts/sweepstake';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';
import { languageOf } from '../../lib/localize';
import { claimPrize, publishedDraw } from './draws.service';
import { enterSweepstake, getSweepstake, listSweepstakes, prepareSweepstakeQueries } from './sweepstakes.service';

/** `GET /sweepstake`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: 'The sweepstakes (visitors: no entry counts of their own)',
  tags: ['sweepstake'],
  auth: 'visitor-or-member',
  response: SweepstakeListResponseSchema,
});

/** `GET /sweepstake/{id}`. */
const sweepstakeRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One sweepstake',
  tags: ['sweepstake'],
  auth: 'visitor-or-member',
  params: { id: PathIdSchema },
  response: SweepstakeResponseSchema,
  errors: { 404: 'NotFound: no sweepstake has this id.' },
});

/** `POST /sweepstake/{id}/entry`. */
const entryRoute = declareRoute({
  method: 'post',
  path: '/{id}/entry',
  summary: "Buys entries with the member's points",
  tags: ['sweepstake'],
  params: { id: PathIdSchema },
  body: SweepstakeEntryCreateSchema,
  response: SweepstakeEntryResponseSchema,
  status: 201,
  errors: {
    403: "Underage: members under 18 cannot enter; Forbidden: x-org-token is not the caller's organization's token.",
    404: 'NotFound: no sweepstake has this id.',
    422:
      'InsufficientPoints (details {required, balance}), NotLive (details {status}), EntryLimitReached (details ' +
      '{maxEntriesPerUser, userEntryCount}), or ValidationFailed: the body breaks the contract.',
  },
});

/** `GET /sweepstake/{id}/draw`. */
const drawRoute = declareRoute({
  method: 'get',
  path: '/{id}/draw',
  summary: 'The published draw: seed commitment, and once drawn the seed, the entry list and the winners',
  description:
    'Everything `scripts/verify-draw.ts` needs to re-run the draw. Members are named by a per-sweepstake ' +
    "pseudonym; winners also by their public name (username). `you` is the caller's own win.",
  tags: ['sweepstake'],
  auth: 'visitor-or-member',
  params: { id: PathIdSchema },
  response: SweepstakeDrawResponseSchema,
  errors: { 404: 'NotFound: no sweepstake has this id.' },
});

/** `POST /sweepstake/{id}/claim`. */
const claimRoute = declareRoute({
  method: 'post',
  path: '/{id}/claim',
  summary: "Claims the caller's prize (once; a repeated claim answers the first)",
  tags: ['sweepstake'],
  params: { id: PathIdSchema },
  response: SweepstakeClaimResponseSchema,
  errors: {
    403: 'NotWinner: the caller holds no current win of this sweepstake.',
    404: 'NotFound: no sweepstake has this id.',
    422: 'ClaimExpired: the claim period is over.',
  },
});

/** Builds the sweepstake route group for one app. */
export function sweepstakeRoutes(deps: AppDeps) {
  const q = deps.prepared(prepareSweepstakeQueries);
  return routeGroup()
    .openapi(listRoute, async (c) => sendData(c, await listSweepstakes(q, c.get('principal'), deps.clock(), languageOf(c))))
    .openapi(sweepstakeRoute, async (c) =>
      sendData(c, await getSweepstake(q, c.get('principal'), c.req.valid('param').id, deps.clock(), languageOf(c))),
    )
    .openapi(entryRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const { count } = c.req.valid('json');
      return sendData(c, await enterSweepstake(deps, q, principal, id, count, languageOf(c)), 201);
    })
    .openapi(drawRoute, async (c) => sendData(c, await publishedDraw(deps.db, c.get('principal'), c.req.valid('param').id)))
    .openapi(claimRoute, async (c) => sendData(c, await claimPrize(deps, requireUser(c.get('principal')), c.req.valid('param').id)));
}
