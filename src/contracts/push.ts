/**
 * Web Push for fans (decision 0060): the topics a fan may opt in to, the VAPID public key the browser subscribes
 * with, a device's subscription as the app sends it, and the payload a push carries to the service worker.
 * Shared by the server, the app, the service worker and the tests. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TextSchema } from './common';

/**
 * What a fan can be notified about: new challenges, match-day check-in open, sweepstake results, results of my
 * picks (the last two are also sent automatically: a pick'em result, a sweepstake win).
 */
export const PUSH_TOPICS = ['challenges', 'checkin', 'sweepstakes', 'picks', 'points'] as const;
export const PushTopicSchema = z.enum(PUSH_TOPICS);
export type PushTopic = z.infer<typeof PushTopicSchema>;

/** `GET /api/push/key` answer: the VAPID public key (base64url, uncompressed P-256 point) for `applicationServerKey`. */
export const PushKeyResponseSchema = envelope(z.object({ publicKey: z.string() }));

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it. Browsers make https endpoints; the server
 * also checks that the host is a public name (422 `PushEndpointRefused`).
 */
const PushEndpointSchema = TextSchema.max(2000).refine(
  (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
  'Not an endpoint URL',
);
const Base64UrlSchema = z
  .string()
  .max(202)
  .regex(/^[A-Za-z0-9_-]{8,200}={0,2}$/, 'Not base64url');
const PushSubscriptionJsonSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object({ p256dh: Base64UrlSchema, auth: Base64UrlSchema }),
});

/** `PUT /api/push/subscription` body: this device's subscription, its topics and the app's language. */
export const PushSubscribeInputSchema = PushSubscriptionJsonSchema.extend({
  topics: z.array(PushTopicSchema).max(PUSH_TOPICS.length),
  language: z.enum(['en', 'fr']).default('en'),
});
export type PushSubscribeInput = z.infer<typeof PushSubscribeInputSchema>;

/** `DELETE /api/push/subscription` body, and the `GET` query: which device. */
export const PushEndpointInputSchema = z.object({ endpoint: PushEndpointSchema });

/**
 * `POST /api/push/renew` body (the service worker's `pushsubscriptionchange`, which holds no session): the old
 * subscription's endpoint and `auth` secret, which prove possession of it, and the new subscription.
 */
export const PushRenewInputSchema = PushSubscriptionJsonSchema.extend({
  oldEndpoint: PushEndpointSchema,
  oldKeys: z.object({ auth: Base64UrlSchema }),
});
export type PushRenewInput = z.infer<typeof PushRenewInputSchema>;

/** A device's subscription as the server keeps it. */
export const PushSubscriptionSchema = z.object({ endpoint: z.string(), topics: z.array(PushTopicSchema), language: z.string() });
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionSchema>;
export const PushSubscriptionResponseSchema = envelope(PushSubscriptionSchema);

/**
 * What a push carries (encrypted, JSON): the texts shown, the club's icon, the in-app path opened on click, and the
 * data it is about, so the service worker can tell open pages to refresh it (`refresh`: TanStack Query key roots).
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  icon: z.string(),
  url: z.string(),
  topic: PushTopicSchema,
  tag: z.string().optional(),
  refresh: z.array(z.string()).default([]),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
