/**
 * Sweepstake draws for operators, mounted beside the sweepstake resource at
 * `/api/admin/sweepstakes`: `POST /{id}/draw` draws the winners of an ended sweepstake once (201 the first time,
 * 200 with the stored draw after), `GET /{id}/winners` reads the draw with each winner's claim status, and
 * `POST /{id}/winners/{winnerId}/redraw` gives an unclaimed prize to the next pick once its claim period is over.
 * Draws and redraws are audit-logged (actions `draw`, `redraw`, entity `sweepstakes`).
 */
import { AdminSweepstakeDrawResponseSchema } from '../../../src/contracts/admin/sweepstake';
import { PathIdSchema } from '../../../src/contracts/common';
import { adminDraw, redrawWinner, runDraw } from '../sweepstakes/draws.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

const tags = ['admin'];
const id = { id: PathIdSchema };

/** `POST /{id}/draw`. */
const drawRoute = declareRoute({
  method: 'post',
  path: '/{id}/draw',
  summary: 'Draws the winners of an ended sweepstake (once; later calls answer the stored draw)',
  description:
    'Picks `winnerCount` distinct members among the eligible entries (not suspended, not underage, not deleted), ' +
    'each entry one chance, with the seed committed to at creation; reveals the seed and mails the winners.',
  tags,
  auth: 'operator',
  params: id,
  response: AdminSweepstakeDrawResponseSchema,
  status: { 201: 'This call ran the draw.', 200: 'The draw had already run: the stored draw.' },
  errors: {
    404: 'NotFound: no sweepstake of the organization has this id.',
    409: 'Conflict: the sweepstake has no committed seed.',
    422: 'NotEnded: the sweepstake has not ended yet (details {endsAt}).',
  },
});

/** `GET /{id}/winners`. */
const winnersRoute = declareRoute({
  method: 'get',
  path: '/{id}/winners',
  summary: "A sweepstake's draw: commitment, revealed seed, and every place with its winner and claim status",
  tags,
  auth: 'operator',
  params: id,
  response: AdminSweepstakeDrawResponseSchema,
  errors: { 404: 'NotFound: no sweepstake of the organization has this id.' },
});

/** `POST /{id}/winners/{winnerId}/redraw`. */
const redrawRoute = declareRoute({
  method: 'post',
  path: '/{id}/winners/{winnerId}/redraw',
  summary: 'Gives an unclaimed prize whose claim period is over to the next pick of the same draw',
  tags,
  auth: 'operator',
  params: { ...id, winnerId: PathIdSchema },
  response: AdminSweepstakeDrawResponseSchema,
  errors: {
    404: 'NotFound: no such sweepstake, or no such winner of it.',
    422:
      'NotDrawn, AlreadyClaimed, AlreadyReplaced, ClaimPeriodOpen (details {claimBy}) or NoEntriesLeft ' +
      '(every entrant was already picked; nothing changed).',
  },
});

/** The draw routes of the admin API. */
export function drawAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(drawRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { drawn, draw } = await runDraw(deps, organization, user, c.req.valid('param').id);
      return sendData(c, draw, drawn ? 201 : 200);
    })
    .openapi(winnersRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await adminDraw(deps, organization, c.req.valid('param').id, deps.clock()));
    })
    .openapi(redrawRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { id: sweepstakeId, winnerId } = c.req.valid('param');
      return sendData(c, await redrawWinner(deps, organization, user, sweepstakeId, winnerId));
    });
}
