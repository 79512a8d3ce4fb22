/**
 * Activation routes (spec §3, §6-§7), mounted at `/api/activations` behind authentication and
 * Idempotency-Key:
 * - `GET /list`: the organization's activations with their badges (organization-key bearer or member).
 * - `GET /{id}`: by id or slug; `data` is a list of one (the client uses the first item); 404 unknown.
 * - `POST /activate-user {slug}`: members; inside `startsAt`..`stopsAt` (else 422 NotLive) the member gets
 *   the activation's badges and points once (201); again -> 200 `created: false`, nothing changes.
 */
import {
  ActivateUserResponseSchema,
  ActivateUserSchema,
  ActivationDetailResponseSchema,
  ActivationListResponseSchema,
} from '../../../src/contracts/activation';
import { PathIdSchema } from '../../../src/contracts/common';
import { requireUser } from '../../kernel/authenticate';
import type { AppDeps } from '../../kernel/types';
import { notFound } from '../../lib/errors';
import { sendData } from '../../lib/http';
import { languageOf } from '../../lib/localize';
import { declareRoute, routeGroup } from '../../lib/openapi';
import { activateUser, listActivations } from './activations.service';

/** `GET /activations/list`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/list',
  summary: "The organization's activations with their badges",
  tags: ['activations'],
  auth: 'visitor-or-member',
  response: ActivationListResponseSchema,
});

/** `POST /activations/activate-user`. */
const activateRoute = declareRoute({
  method: 'post',
  path: '/activate-user',
  summary: 'Activates an activation for the member: its badges and points, once',
  tags: ['activations'],
  body: ActivateUserSchema,
  response: ActivateUserResponseSchema,
  status: { 201: 'Activated now.', 200: 'Already activated (`created: false`); nothing changed.' },
  errors: {
    404: 'NotFound: no activation has this slug.',
    422: 'NotLive: outside startsAt..stopsAt (details: the window); ValidationFailed: the body breaks the contract.',
  },
});

/** `GET /activations/{id}`. */
const detailRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One activation by id or slug, as a list of one',
  tags: ['activations'],
  auth: 'visitor-or-member',
  params: { id: PathIdSchema },
  response: ActivationDetailResponseSchema,
  errors: { 404: 'NotFound: no activation has this id or slug.' },
});

/** Builds the activation route group for one app. */
export function activationRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      return sendData(c, await listActivations(deps, c.get('principal').organization.id, languageOf(c)));
    })
    .openapi(activateRoute, async (c) => {
      const { user, organization } = requireUser(c.get('principal'));
      const { slug } = c.req.valid('json');
      const result = await activateUser(deps, { userId: user.id, organizationId: organization.id, slug, language: languageOf(c) });
      return sendData(c, result, result.created ? 201 : 200);
    })
    .openapi(detailRoute, async (c) => {
      const { id: idOrSlug } = c.req.valid('param');
      const found = await listActivations(deps, c.get('principal').organization.id, languageOf(c), idOrSlug);
      if (!found.length) throw notFound('Activation not found');
      return sendData(c, found);
    });
}
