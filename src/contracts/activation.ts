/**
 * Activation (branded campaign) wire format: spec §3 (Activation: slug, startsAt, stopsAt; the activate
 * response holds badges), §6 (list and detail readable with the organization key), §7 (calls).
 * A member activates once per activation, inside `startsAt`..`stopsAt`; each activation awards its badges
 * (and its points, ledger reference `activation:<id>`) once (ARCHITECTURE §4). Imports only zod.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TimestampSchema } from './common';

/** A badge a member collects by taking part in an activation. */
export const BadgeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** The badge's picture. */
  mediaId: MediaIdSchema,
});
export type Badge = z.infer<typeof BadgeSchema>;

/** `GET /activations/list` item; `GET /activations/{id}` answers a list of one. */
export const ActivationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: TimestampSchema,
  /** End of the window, or null for no end. */
  stopsAt: TimestampSchema.nullable(),
  mediaId: MediaIdSchema,
  /** Points awarded on activation. */
  value: z.number().int().nonnegative(),
  /** Badges this activation awards. */
  badges: z.array(BadgeSchema),
});
export type Activation = z.infer<typeof ActivationSchema>;
export const ActivationListResponseSchema = envelope(z.array(ActivationSchema));
/** `GET /activations/{id}`: `data` is a list; the client uses the first item (spec §7). */
export const ActivationDetailResponseSchema = envelope(z.array(ActivationSchema));

/** `POST /activations/activate-user` body: which activation (by slug). */
export const ActivateUserSchema = z
  .object({
    slug: z
      .string()
      .max(64)
      .trim()
      .regex(/^[a-z0-9-]{1,64}$/, 'Not an activation slug'),
  })
  .strict();
export type ActivateUser = z.infer<typeof ActivateUserSchema>;

/** Answer of `POST /activations/activate-user` (spec §3: the response holds badges). */
export const ActivateUserResultSchema = z.object({
  slug: z.string(),
  /** The activation's badges, now held by the member. */
  badges: z.array(BadgeSchema),
  /** Points this activation earned the member (the first time). */
  pointsAwarded: z.number().int().nonnegative(),
  /** False when the member had already activated it (nothing changed). */
  created: z.boolean(),
});
export type ActivateUserResult = z.infer<typeof ActivateUserResultSchema>;
export const ActivateUserResponseSchema = envelope(ActivateUserResultSchema);
