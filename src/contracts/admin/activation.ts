/**
 * Admin contract of an activation (spec §3 Activation) with its badges: the body of
 * `POST /api/admin/activations`, of `PATCH /api/admin/activations/{id}` (merged and validated again) and the item
 * the admin API answers. A badge keeps its `id` across edits (members hold it); a badge sent without `id` is new,
 * a stored badge left out is removed. Rules: `stopsAt` after `startsAt`; value (points) >= 0; badge slugs unique.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import {
  adminItemFields,
  listEnvelope,
  MediaRefSchema,
  optionalText,
  PointsSchema,
  requiredText,
  SlugSchema,
  translationsOf,
} from './common';

const BadgeInputSchema = z.object({
  /** The stored badge's id (kept so members keep holding it); absent for a new badge. */
  id: z.uuid().max(36).optional(),
  slug: SlugSchema,
  name: requiredText(100),
  description: optionalText(1000),
  mediaId: MediaRefSchema.nullable().default(null),
  translations: translationsOf({ name: TextSchema.trim().max(100), description: TextSchema.trim().max(1000) }),
});

const ActivationFieldsSchema = z.object({
  slug: SlugSchema,
  title: requiredText(200),
  description: optionalText(4000),
  startsAt: TimestampSchema,
  stopsAt: TimestampSchema.nullable().default(null),
  mediaId: MediaRefSchema.nullable().default(null),
  /** Points awarded on activation. */
  value: PointsSchema.default(0),
  draft: z.boolean().default(false),
  translations: translationsOf({ title: TextSchema.trim().max(200), description: TextSchema.trim().max(4000) }),
  badges: z.array(BadgeInputSchema).max(20).default([]),
});

/** `POST /api/admin/activations` body: every field with every rule. */
export const ActivationInputSchema = ActivationFieldsSchema.superRefine((a, ctx) => {
  if (a.stopsAt !== null && Date.parse(a.stopsAt) <= Date.parse(a.startsAt))
    ctx.addIssue({ code: 'custom', path: ['stopsAt'], message: 'Must be after startsAt' });
  const slugs = a.badges.map((b) => b.slug);
  slugs.forEach((slug, i) => {
    if (slugs.indexOf(slug) !== i) ctx.addIssue({ code: 'custom', path: ['badges', i, 'slug'], message: 'Badge slugs must be unique' });
  });
});
export type ActivationInputData = z.output<typeof ActivationInputSchema>;

/** `PATCH /api/admin/activations/{id}` body. */
export const ActivationPatchSchema = ActivationFieldsSchema.partial().strict();

export const AdminActivationSchema = ActivationFieldsSchema.extend({
  ...adminItemFields,
  badges: z.array(BadgeInputSchema.required({ id: true })),
});
export const AdminActivationResponseSchema = envelope(AdminActivationSchema);
export const AdminActivationListResponseSchema = listEnvelope(AdminActivationSchema);
