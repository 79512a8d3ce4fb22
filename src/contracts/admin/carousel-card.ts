/**
 * Admin contract of a rewards-carousel card (spec §3 "Reward / carousel card"): the body of
 * `POST /api/admin/carousel-cards`, of `PATCH /api/admin/carousel-cards/{id}` and the item the admin API answers.
 * The card's `key` is its wire id (a member's dismissal names it). Rules: `url` an in-app path or an https address;
 * `stopsAt` after `startsAt`; points >= 0.
 */
import { z } from 'zod';
import { CarouselCardIdSchema, CarouselIconSchema } from '../carousel';
import { envelope, TextSchema, TimestampSchema } from '../common';
import {
  adminItemFields,
  LinkSchema,
  listEnvelope,
  MediaRefSchema,
  optionalText,
  PointsSchema,
  requiredText,
  translationsOf,
} from './common';

const CarouselCardFieldsSchema = z.object({
  key: CarouselCardIdSchema,
  title: requiredText(100),
  description: optionalText(500),
  /** Call-to-action label. */
  cta: optionalText(60),
  url: LinkSchema,
  mediaId: MediaRefSchema.nullable().default(null),
  icon: CarouselIconSchema.default('gift'),
  points: PointsSchema.default(0),
  /** Members under 18 may not use the card (spec §6). */
  underageGate: z.boolean().default(false),
  /** A sponsored card, labelled as such. */
  isAd: z.boolean().default(false),
  startsAt: TimestampSchema.nullable().default(null),
  stopsAt: TimestampSchema.nullable().default(null),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  draft: z.boolean().default(false),
  translations: translationsOf({
    title: TextSchema.trim().max(100),
    description: TextSchema.trim().max(500),
    cta: TextSchema.trim().max(60),
  }),
});

/** `POST /api/admin/carousel-cards` body. */
export const CarouselCardInputSchema = CarouselCardFieldsSchema.superRefine((c, ctx) => {
  if (c.startsAt !== null && c.stopsAt !== null && Date.parse(c.stopsAt) <= Date.parse(c.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['stopsAt'], message: 'Must be after startsAt' });
  }
});
export type CarouselCardInputData = z.output<typeof CarouselCardInputSchema>;
/** `PATCH /api/admin/carousel-cards/{id}` body. */
export const CarouselCardPatchSchema = CarouselCardFieldsSchema.partial().strict();

export const AdminCarouselCardSchema = CarouselCardFieldsSchema.extend(adminItemFields);
export const AdminCarouselCardResponseSchema = envelope(AdminCarouselCardSchema);
export const AdminCarouselCardListResponseSchema = listEnvelope(AdminCarouselCardSchema);
