/**
 * Operators' push notifications, at `/api/admin/push-notifications`: `POST` sends one to all members
 * or a segment, now or at `sendAt` (audit action `notify`); `GET` lists them with their delivery counts;
 * `DELETE /{id}` cancels a scheduled one (audit action `cancel`); `GET /audience` counts who a topic and segment
 * would reach, for the console's confirmation. Entity `push-notifications`.
 */
import { Hono } from 'hono';
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
import { parseWith, readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireOperator } from './operator';

/** The notification routes of the admin API. */
export function pushAdminRoutes(deps: AppDeps) {
  const tags = ['admin'];
  return new Hono<AppEnv>()
    .post(
      '/',
      documented({
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
      }),
      async (c) => {
        const { user } = requireOperator(c.get('principal'));
        const input = await readJson(c, PushNotificationInputSchema);
        return sendData(c, await createPushNotification(deps, user, input), 202);
      },
    )
    .get(
      '/audience',
      documented({
        summary: 'Counts the members and devices a notification of this topic and segment would reach now',
        description: 'The same audience sending uses: members who chose the topic, not deleted or suspended, matching the segment.',
        tags,
        auth: 'operator',
        query: PushAudienceQuerySchema,
        response: PushAudienceResponseSchema,
        errors: { 422: 'ValidationFailed: the query breaks the contract, or the rank or consent is not one of the organization.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const { topic, ...segment } = parseWith(PushAudienceQuerySchema, c.req.query(), 'Invalid query');
        return sendData(c, await countPushAudience(deps, organization.id, topic, segment, deps.clock()));
      },
    )
    .get(
      '/',
      documented({
        summary: "The organization's push notifications, newest first, with what their delivery did",
        tags,
        auth: 'operator',
        query: PushNotificationListQuerySchema,
        response: PushNotificationListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const query = parseWith(PushNotificationListQuerySchema, c.req.query(), 'Invalid query');
        return c.json(await listPushNotifications(deps, organization.id, query));
      },
    )
    .delete(
      '/:id',
      documented({
        summary: 'Cancels a scheduled push notification',
        tags,
        auth: 'operator',
        params: { id: PathIdSchema },
        response: PushNotificationResponseSchema,
        errors: {
          404: 'NotFound: no notification of the organization has this id.',
          409: 'NotScheduled: it is being sent, sent or cancelled.',
        },
      }),
      async (c) => {
        const { user } = requireOperator(c.get('principal'));
        return sendData(c, await cancelPushNotification(deps, user, c.req.param('id')));
      },
    );
}
