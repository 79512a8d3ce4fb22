/**
 * Consent routes (spec §3, §7-§8), mounted at `/api/consent` behind authentication and Idempotency-Key,
 * members only:
 * - `GET /user`: every consent of the organization with the member's answer (0 when never answered).
 * - `PATCH /user/{id} {consentId, value, data}`: `{id}` is the consent's key or its `consentId`; the body's
 *   `consentId` must name the same consent (else 422). Stores the answer and answers the updated Consent.
 *   404 unknown consent.
 */
import { PathIdSchema } from '../../../src/contracts/common';
import { ConsentListResponseSchema, ConsentResponseSchema, ConsentUpdateSchema } from '../../../src/contracts/consent';
import { requireUser } from '../../kernel/authenticate';
import type { AppDeps } from '../../kernel/types';
import { sendData } from '../../lib/http';
import { languageOf } from '../../lib/localize';
import { declareRoute, routeGroup } from '../../lib/openapi';
import { answerConsent, memberConsents } from './consent.service';

/** `GET /consent/user`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/user',
  summary: "Every consent of the organization with the member's answer",
  tags: ['consent'],
  response: ConsentListResponseSchema,
});

/** `PATCH /consent/user/{id}`. */
const answerRoute = declareRoute({
  method: 'patch',
  path: '/user/{id}',
  summary: "Stores the member's answer to one consent",
  tags: ['consent'],
  params: { id: PathIdSchema },
  body: ConsentUpdateSchema,
  response: ConsentResponseSchema,
  errors: {
    404: 'NotFound: no consent has this key or id.',
    422: 'ValidationFailed: the body breaks the contract, or its consentId names another consent than the path.',
  },
});

/** Builds the consent route group for one app. */
export function consentRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      return sendData(c, await memberConsents(deps, organization.id, user.id, languageOf(c)));
    })
    .openapi(answerRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { id } = c.req.valid('param');
      const update = c.req.valid('json');
      const consent = await answerConsent(deps, {
        organizationId: organization.id,
        userId: user.id,
        id,
        update,
        language: languageOf(c),
      });
      return sendData(c, consent);
    });
}
