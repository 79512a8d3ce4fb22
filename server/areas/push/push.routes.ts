/**
 * Web Push for fans. Without a credential: `GET /api/push/key` (the VAPID public key the browser
 * subscribes with) and `POST /api/push/renew` (the service worker's `pushsubscriptionchange`: the old endpoint and
 * its `auth` secret prove possession). Members: `PUT /api/push/subscription` (subscribe this device or change its topics),
 * `GET /api/push/subscription?endpoint=` (this device's topics), `DELETE /api/push/subscription` (unsubscribe,
 * e.g. at sign-out).
 */
import {
  PushEndpointInputSchema,
  PushKeyResponseSchema,
  PushRenewInputSchema,
  PushSubscribeInputSchema,
  PushSubscriptionResponseSchema,
} from '../../../src/contracts/push';
import { requireUser } from '../../kernel/authenticate';
import { deleteSubscription, ownSubscription, renewSubscription, saveSubscription, vapidDetails } from './push.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';

const tags = ['push'];

/** `GET /push/key`. */
const keyRoute = declareRoute({
  method: 'get',
  path: '/key',
  summary: 'The VAPID public key browsers subscribe with (applicationServerKey)',
  tags,
  auth: 'none',
  response: PushKeyResponseSchema,
});

/** `POST /push/renew`. */
const renewRoute = declareRoute({
  method: 'post',
  path: '/renew',
  summary: "Moves a subscription to the browser's new endpoint and keys (pushsubscriptionchange)",
  description:
    "Called by the service worker, which holds no session: the old subscription's endpoint and `auth` secret prove possession; the member and topics stay.",
  tags,
  auth: 'none',
  body: PushRenewInputSchema,
  response: null,
  status: 204,
  errors: {
    404: 'NotFound: no subscription has this old endpoint and auth secret.',
    409: "Conflict: another member's subscription has the new endpoint.",
    422: 'PushEndpointRefused: the new endpoint is not https on a public host name.',
  },
});

/** `PUT /push/subscription`. */
const subscribeRoute = declareRoute({
  method: 'put',
  path: '/subscription',
  summary: 'Subscribes this device to push, or changes its topics (the endpoint names the device)',
  description: 'At most 10 subscriptions per member: a new device replaces the least recently updated one.',
  tags,
  body: PushSubscribeInputSchema,
  response: PushSubscriptionResponseSchema,
  errors: {
    409: "Conflict: another member's subscription has this endpoint (it stays theirs).",
    422: 'PushEndpointRefused: the endpoint is not https on a public host name.',
  },
});

/** `GET /push/subscription`. */
const subscriptionRoute = declareRoute({
  method: 'get',
  path: '/subscription',
  summary: "This device's subscription and topics",
  tags,
  query: PushEndpointInputSchema,
  response: PushSubscriptionResponseSchema,
  errors: { 404: 'NotFound: the member has no subscription at this endpoint.' },
});

/** `DELETE /push/subscription`. */
const unsubscribeRoute = declareRoute({
  method: 'delete',
  path: '/subscription',
  summary: 'Unsubscribes this device (nothing happens when it was not subscribed)',
  tags,
  body: PushEndpointInputSchema,
  response: null,
  status: 204,
});

/** The routes that need no credential, mounted before the member group. */
export function pushPublicRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(keyRoute, async (c) => {
      const { publicKey } = await vapidDetails(deps.db, deps.env);
      c.header('Cache-Control', 'no-cache');
      return sendData(c, { publicKey });
    })
    .openapi(renewRoute, async (c) => {
      await renewSubscription(deps, c.req.valid('json'), deps.clock());
      return c.body(null, 204);
    });
}

/** The members' routes, mounted in the member group at `/push`. */
export function pushRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(subscribeRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      return sendData(c, await saveSubscription(deps, user.id, c.req.valid('json'), deps.clock()));
    })
    .openapi(subscriptionRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      const { endpoint } = c.req.valid('query');
      return sendData(c, await ownSubscription(deps.db, user.id, endpoint));
    })
    .openapi(unsubscribeRoute, async (c) => {
      const { user } = requireUser(c.get('principal'));
      const { endpoint } = c.req.valid('json');
      await deleteSubscription(deps.db, user.id, endpoint);
      return c.body(null, 204);
    });
}
