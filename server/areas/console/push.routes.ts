/**
 * Operators' push notifications, at `/api/admin/push-notifications`: `POST` sends one to all members
 * or a segment, now or at `sendAt` (audit action `notify`); `GET` lists them with their delivery counts;
 * `DELETE /{id}` cancels a scheduled one (audit action `cancel`); `GET /audience` counts who a topic and segment
 * would reach, for the console's confirmation. Entity `push-notifications`.
 */
import {
  PushAudienceQuerySchema,
  PushAudienceResponseSchema,
  PushNotificationInputSchema,
  PushNotificationListQuerySchema,
  PushNotificationListResponseSchema,
  PushNotificationResponseSchema,
} from '../../../src/contracts/admin/push';
import { PathIdSchema } from '../../../src/contracts/common';
import { cancelPushNotification, countPushAudience, createPushNotification, listPushNotifications } from '../push/push.service';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';

const tags = ['admin'];

/** `POST /`. */
const sendRoute = declareRoute({
  method: 'post',
  path: '/',
  summary: 'Sends a push notification to all members or a segment, now or at a time',
  description:
    'Goes to the subscriptions whose member chose the topic and matches the segment (rank, a consent given, has ' +
    'checked in or not); `marketing: true` needs `segment.consentKey`. Sent in the background; the list shows the counts.',
  tags,
  auth: 'operator',
  body: PushNotificationInputSchema,
  response: PushNotificationResponseSchema,
  status: 202,
  errors: {
    422:
      'ValidationFailed: the body breaks the contract, the rank or consent is not one of the organization, or `url` ' +
      "is not one of the app's screens (or names an item the organization does not have).",
  },
});

/** `GET /audience`. */
const audienceRoute = declareRoute({
  method: 'get',
  path: '/audience',
  summary: 'Counts the members and devices a notification of this topic and segment would reach now',
  description: 'The same audience sending uses: members who chose the topic, not deleted or suspended, matching the segment.',
  tags,
  auth: 'operator',
  query: PushAudienceQuerySchema,
  response: PushAudienceResponseSchema,
  errors: { 422: 'ValidationFailed: the query breaks the contract, or the rank or consent is not one of the organization.' },
});

/** `GET /`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's push notifications, newest first, with what their delivery did",
  tags,
  auth: 'operator',
  query: PushNotificationListQuerySchema,
  response: PushNotificationListResponseSchema,
});

/** `DELETE /{id}`. */
const cancelRoute = declareRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Cancels a scheduled push notification',
  tags,
  auth: 'operator',
  params: { id: PathIdSchema },
  response: PushNotificationResponseSchema,
  errors: {
    404: 'NotFound: no notification of the organization has this id.',
    409: 'NotScheduled: it is being sent, sent or cancelled.',
  },
});

/** The notification routes of the admin API. */
export function pushAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(sendRoute, async (c) => {
      const { user } = requireOperator(c.get('principal'));
      return sendData(c, await createPushNotification(deps, user, c.req.valid('json')), 202);
    })
    .openapi(audienceRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const { topic, ...segment } = c.req.valid('query');
      return sendData(c, await countPushAudience(deps, organization.id, topic, segment, deps.clock()));
    })
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return c.json(await listPushNotifications(deps, organization.id, c.req.valid('query')), 200);
    })
    .openapi(cancelRoute, async (c) => {
      const { user } = requireOperator(c.get('principal'));
      return sendData(c, await cancelPushNotification(deps, user, c.req.valid('param').id));
    });
}
