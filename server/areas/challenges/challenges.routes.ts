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
import { Hono } from 'hono';
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
import { getChallenge, getChallengeResults, listChallenges, submitChallenge } from './challenges.service';
import { rewardPendingReferral } from '../../kernel/referral-reward';
import { notFound } from '../../lib/errors';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';

export function challengeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.append('Vary', 'Accept-Language');
  });
  return app
    .get(
      '/',
      documented({
        summary: 'The visible challenges, expired ones included (visitors: public ones)',
        tags: ['challenge'],
        auth: 'visitor-or-member',
        response: ChallengeListResponseSchema,
      }),
      async (c) => {
        const items = await listChallenges(deps, c.get('principal'), deps.clock(), c.get('language'));
        return sendData(
          c,
          items.map((i) => i.challenge),
        );
      },
    )
    .get(
      '/:subtype/history',
      documented({
        summary: "The member's completed or expired challenges of one subtype, with their outcome",
        tags: ['challenge'],
        params: { subtype: ChallengeSubtypeSchema },
        response: ChallengeHistoryResponseSchema,
        errors: { 404: 'NotFound: not a challenge subtype.' },
      }),
      async (c) => {
        const principal = requireUser(c.get('principal'));
        const subtype = ChallengeSubtypeSchema.safeParse(c.req.param('subtype'));
        if (!subtype.success) throw notFound('Unknown challenge type');
        const items = await listChallenges(deps, principal, deps.clock(), c.get('language'), subtype.data);
        // outcomeOf is non-null exactly for completed or expired challenges.
        return sendData(
          c,
          items.flatMap(({ challenge }) => (challenge.outcome ? [{ challenge, outcome: challenge.outcome }] : [])),
        );
      },
    )
    .get(
      '/:id/results',
      documented({
        summary: "How members answered a poll or pick'em: counts and shares per option",
        tags: ['challenge'],
        params: { id: PathIdSchema },
        response: ChallengeResultsResponseSchema,
        errors: {
          403: "ResultsUnavailable: hidden by an operator, a poll not answered yet, a pick'em not locked yet, or not a poll.",
          404: 'NotFound: no visible challenge has this id.',
        },
      }),
      async (c) => {
        const principal = requireUser(c.get('principal'));
        const results = await getChallengeResults(deps, principal, c.req.param('id'), deps.clock());
        // Per member (it depends on their answer), and fresh on demand: the app keeps its own copy for offline use.
        c.header('Cache-Control', 'private, no-cache');
        return sendData(c, results);
      },
    )
    .get(
      '/:id',
      documented({
        summary: 'One challenge',
        tags: ['challenge'],
        auth: 'visitor-or-member',
        params: { id: PathIdSchema },
        response: ChallengeResponseSchema,
        errors: { 404: 'NotFound: no visible challenge has this id.' },
      }),
      async (c) => {
        const challenge = await getChallenge(deps, c.get('principal'), c.req.param('id'), deps.clock(), c.get('language'));
        return sendData(c, challenge);
      },
    )
    .post(
      '/:id',
      documented({
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
      }),
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        const submission = await readJson(c, ChallengeSubmissionSchema);
        const result = await submitChallenge(deps, {
          userId: user.id,
          organizationId: organization.id,
          challengeId: c.req.param('id'),
          submission,
          language: c.get('language'),
        });
        // A claimed referral is rewarded after the newcomer's first answer; the flag came with the session.
        if (user.referralPending) await rewardPendingReferral(deps, organization, user.id);
        return sendData(c, result);
      },
    );
}
