/**
 * Challenge routes (spec §7, rules in `areas/challenges/challenges.service.ts`):
 * - `GET /api/challenge` -> visible challenges (visitors: public ones), expired ones included for history.
 * - `GET /api/challenge/{id}` -> one challenge, 404 'Challenge not found'.
 * - `POST /api/challenge/{id}` (ChallengeSubmissionSchema, members) -> ChallengeSubmissionResult.
 * - `GET /api/challenge/{id}/results` (members) -> counts and shares per option of a poll or pick'em;
 *   403 ResultsUnavailable while withheld (hidden by an operator, poll not answered, pick'em not locked).
 * - `GET /api/challenge/{subtype}/history` (members) -> `[{challenge, outcome}]` of that subtype's completed or
 *   expired challenges; 404 for an unknown subtype.
 * Texts follow `Accept-Language` (en, fr); responses vary on it.
 */
import {
  ChallengeHistoryResponseSchema,
  ChallengeListResponseSchema,
  ChallengeResponseSchema,
  ChallengeResultsResponseSchema,
  ChallengeSubmissionResponseSchema,
  ChallengeSubmissionSchema,
  ChallengeSubtypeSchema,
} from '../../../src/contracts/challenge';
import { PathIdSchema } from '../../../src/contracts/common';
import { encodeChallengeList, getChallenge, getChallengeResults, listChallenges, submitChallenge } from './challenges.service';
import { rewardPendingReferral } from '../../kernel/referral-reward';
import { groupCommit } from '../../kernel/idempotency';
import { sendData, sendDataText } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireUser } from '../../kernel/authenticate';

/** `GET /challenge`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: 'The visible challenges, expired ones included (visitors: public ones)',
  tags: ['challenge'],
  auth: 'visitor-or-member',
  response: ChallengeListResponseSchema,
});

/** `GET /challenge/{subtype}/history`. */
const historyRoute = declareRoute({
  method: 'get',
  path: '/{subtype}/history',
  summary: "The member's completed or expired challenges of one subtype, with their outcome",
  tags: ['challenge'],
  params: { subtype: ChallengeSubtypeSchema },
  response: ChallengeHistoryResponseSchema,
  errors: { 404: 'NotFound: not a challenge subtype.' },
});

/** `GET /challenge/{id}/results`. */
const resultsRoute = declareRoute({
  method: 'get',
  path: '/{id}/results',
  summary: "How members answered a poll or pick'em: counts and shares per option",
  tags: ['challenge'],
  params: { id: PathIdSchema },
  response: ChallengeResultsResponseSchema,
  errors: {
    403: "ResultsUnavailable: hidden by an operator, a poll not answered yet, a pick'em not locked yet, or not a poll.",
    404: 'NotFound: no visible challenge has this id.',
  },
});

/** `GET /challenge/{id}`. */
const challengeRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One challenge',
  tags: ['challenge'],
  auth: 'visitor-or-member',
  params: { id: PathIdSchema },
  response: ChallengeResponseSchema,
  errors: { 404: 'NotFound: no visible challenge has this id.' },
});

/** `POST /challenge/{id}`. */
const submitRoute = declareRoute({
  method: 'post',
  path: '/{id}',
  summary: 'Answers a challenge (poll, keyword or one trivia question)',
  tags: ['challenge'],
  params: { id: PathIdSchema },
  body: ChallengeSubmissionSchema,
  response: ChallengeSubmissionResponseSchema,
  errors: {
    404: 'NotFound: no visible challenge has this id.',
    422:
      'ChallengeSubmission: the challenge is not open or has ended, was already answered, or the answer does not fit ' +
      'it; ValidationFailed: the body breaks the contract.',
  },
  // A half-time poll is a burst: its answers commit in groups. An answer is a few prepared statements and never a
  // transaction of its own (`challenges.service.ts`); the referral reward follows the commit.
  middleware: [groupCommit],
});

export function challengeRoutes(deps: AppDeps) {
  const app = routeGroup();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.append('Vary', 'Accept-Language');
  });
  return app
    .openapi(listRoute, async (c) => sendDataText(c, await encodeChallengeList(deps, c.get('principal'), deps.clock(), c.get('language'))))
    .openapi(historyRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { subtype } = c.req.valid('param');
      const items = await listChallenges(deps, principal, deps.clock(), c.get('language'), subtype);
      // outcomeOf is non-null exactly for completed or expired challenges.
      return sendData(
        c,
        items.flatMap(({ challenge }) => (challenge.outcome ? [{ challenge, outcome: challenge.outcome }] : [])),
      );
    })
    .openapi(resultsRoute, async (c) => {
      const principal = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const results = await getChallengeResults(deps, principal, id, deps.clock());
      // Per member (it depends on their answer), and fresh on demand: the app keeps its own copy for offline use.
      c.header('Cache-Control', 'private, no-cache');
      return sendData(c, results);
    })
    .openapi(challengeRoute, async (c) => {
      const { id } = c.req.valid('param');
      const challenge = await getChallenge(deps, c.get('principal'), id, deps.clock(), c.get('language'));
      return sendData(c, challenge);
    })
    .openapi(submitRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { id: challengeId } = c.req.valid('param');
      const submission = c.req.valid('json');
      const result = await submitChallenge(deps, {
        userId: user.id,
        organization,
        challengeId,
        submission,
        language: c.get('language'),
      });
      // A claimed referral is rewarded after the newcomer's first answer; the flag came with the session.
      if (user.referralPending) await rewardPendingReferral(deps, organization, user.id);
      return sendData(c, result);
    });
}
