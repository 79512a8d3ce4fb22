/**
 * `POST /api/admin/challenges/{id}/result {correctIndex}`: enters or corrects the result of a live or ended pick'em
 * or arcade challenge and credits the members who picked right (rules: `server/areas/challenges/challenge-results.service.ts`,
 * decision 0055). Operators only; audit action `result`, entity `challenges`. A changed result is pushed to the
 * members who answered (decision 0060).
 */
import { ChallengeResultInputSchema, ChallengeResultResponseSchema } from '../../../src/contracts/admin/challenge-result';
import { PathIdSchema } from '../../../src/contracts/common';
import { enterAndAnnounceResult } from '../challenges/challenge-results.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

/** `POST /{id}/result`. */
const resultRoute = declareRoute({
  method: 'post',
  path: '/{id}/result',
  summary: "Enters or corrects the result of a pick'em or arcade challenge and credits the members who picked right",
  tags: ['admin'],
  auth: 'operator',
  params: { id: PathIdSchema },
  body: ChallengeResultInputSchema,
  response: ChallengeResultResponseSchema,
  errors: {
    404: 'NotFound: no challenge of the organization has this id.',
    409: 'NotLive: the challenge is a draft, scheduled or archived (details.status).',
    422: 'ResultNotApplicable: a poll, keyword or trivia challenge has no result; ValidationFailed: the index is not one of the options.',
  },
});

/** The result route, mounted at `/api/admin/challenges` beside the challenge resource. */
export function challengeResultRoutes(deps: AppDeps) {
  return routeGroup().openapi(resultRoute, async (c) => {
    const { user } = requireOperator(c.get('principal'));
    const { correctIndex } = c.req.valid('json');
    return sendData(c, await enterAndAnnounceResult(deps, user, { challengeId: c.req.valid('param').id, correctIndex }));
  });
}
