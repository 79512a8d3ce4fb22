/**
 * Operators' push notifications: `POST /api/admin/push-notifications` sends one to all members or a
 * segment, now or at `sendAt`; `GET` lists them with what their delivery did; `DELETE /{id}` cancels a scheduled
 * one. Shared by the server, the console and the tests. Imports only zod.
 */
import { z } from 'zod';
import { isAppScreen } from '../app-screens';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { RankCodeSchema } from '../organization';
import { PushTopicSchema } from '../push';
import { listEnvelope, optionalText, requiredText } from './common';

/** Who gets it: members whose rank is `rankCode` (P10..P1), who gave consent `consentKey`, who have (or not) checked in. */
const PushSegmentSchema = z
  .object({
    rankCode: RankCodeSchema.optional(),
    consentKey: z
      .string()
      .max(80)
      .regex(/^[A-Za-z0-9._-]{1,80}$/)
      .optional(),
    checkedIn: z.boolean().optional(),
  })
  .strict();

/**
 * The screen a notification opens: one of the app's screens (`src/contracts/app-screens.ts`), never a
 * free path; the server also checks that a content item's page names an item of the organization.
 */
const PushTargetSchema = TextSchema.trim().max(200).refine(isAppScreen, 'Not a screen of the app: choose one from the list');

/**
 * `POST /api/admin/push-notifications` body. `marketing: true` needs `segment.consentKey` (a marketing message goes
 * only to members who consented); `sendAt` absent or past = now.
 */
export const PushNotificationInputSchema = z
  .object({
    topic: PushTopicSchema,
    title: requiredText(80),
    body: requiredText(300),
    url: PushTargetSchema.default('/dashboard'),
    translations: z
      .object({
        fr: z
          .object({ title: optionalText(80), body: optionalText(300) })
          .partial()
          .optional(),
      })
      .default({}),
    segment: PushSegmentSchema.default({}),
    marketing: z.boolean().default(false),
    sendAt: TimestampSchema.optional(),
  })
  .strict()
  .refine((v) => !v.marketing || v.segment.consentKey !== undefined, {
    path: ['segment', 'consentKey'],
    message: 'A marketing notification goes only to members who gave a consent: choose it',
  });
export type PushNotificationInput = z.input<typeof PushNotificationInputSchema>;

/**
 * `GET /api/admin/push-notifications/audience` query: the topic and segment of a notification being written
 * (`checkedIn` as `true`/`false`).
 */
export const PushAudienceQuerySchema = z
  .object({
    topic: PushTopicSchema,
    rankCode: RankCodeSchema.optional(),
    consentKey: PushSegmentSchema.shape.consentKey,
    checkedIn: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type PushAudienceQuery = z.input<typeof PushAudienceQuerySchema>;
/** Who a notification with this topic and segment would reach now: members, and their devices (one push each). */
export const PushAudienceSchema = z.object({ members: z.number().int().nonnegative(), devices: z.number().int().nonnegative() });
export type PushAudience = z.infer<typeof PushAudienceSchema>;
export const PushAudienceResponseSchema = envelope(PushAudienceSchema);

/** One operator notification and its delivery so far (`url` as stored: older rows may hold any in-app path). */
export const PushNotificationSchema = z.object({
  id: z.string(),
  topic: PushTopicSchema,
  title: z.string(),
  body: z.string(),
  url: z.string(),
  segment: PushSegmentSchema,
  marketing: z.boolean(),
  sendAt: TimestampSchema,
  status: z.enum(['scheduled', 'sending', 'sent', 'cancelled']),
  sentAt: TimestampSchema.nullable(),
  delivered: z.number().int(),
  dropped: z.number().int(),
  failed: z.number().int(),
  createdByEmail: z.string(),
  createdAt: TimestampSchema,
});
export type PushNotification = z.infer<typeof PushNotificationSchema>;
export const PushNotificationResponseSchema = envelope(PushNotificationSchema);
export const PushNotificationListResponseSchema = listEnvelope(PushNotificationSchema);
/** `GET /api/admin/push-notifications` query. */
export const PushNotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
