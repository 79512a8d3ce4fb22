/**
 * Sweepstake routes (spec §7), mounted at `/api/sweepstake` behind authentication and Idempotency-Key:
 * `GET /` and `GET /{id}` for members and visitors (organization key: public sweepstakes, no entry counts
 * of their own); `POST /{id}/entry {count}` for members: 201 with the entry result, or 401 visitor,
 * 403 Underage, 404, 422 ValidationFailed / NotLive / EntryLimitReached / InsufficientPoints.
 */
import { Hono } from 'hono';
import { SweepstakeEntryCreateSchema } from '../../../src/contracts/sweepstake';
import { readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv } from '../../lib/types';
import { requireUser } from '../../middlewares/authenticate';
import { languageOf } from '../content/localize';
import { ambientPrepared } from '../../db/request-transaction';
import { enterSweepstake, getSweepstake, listSweepstakes, prepareSweepstakeQueries } from './sweepstakes.service';

/** Builds the sweepstake route group for one app. */
export function sweepstakeRoutes(deps: AppDeps) {
  const q = ambientPrepared(prepareSweepstakeQueries(deps.db));
  return new Hono<AppEnv>()
    .get('/', async (c) => sendData(c, await listSweepstakes(q, c.get('principal'), deps.clock(), languageOf(c))))
    .get('/:id', async (c) =>
      sendData(c, await getSweepstake(q, c.get('principal'), c.req.param('id'), deps.clock(), languageOf(c))),
    )
    .post('/:id/entry', async (c) => {
      const principal = requireUser(c.get('principal'));
      const { count } = await readJson(c, SweepstakeEntryCreateSchema);
      return sendData(c, await enterSweepstake(deps, q, principal, c.req.param('id'), count, languageOf(c)), 201);
    });
}
