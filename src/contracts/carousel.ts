/**
 * Rewards carousel: the organization's cards (`GET /carousel`, written by operators in the console, in the
 * member's language, live ones only) and their dismissals: spec §4 ("removed locally first, then a delete call is
 * made"), §7 (`DELETE /carousel/{id}`), §8 (a failed delete is only logged). The server remembers which cards each
 * member dismissed, and answers them at `GET /carousel/dismissed` (our addition, decision 0016) so another device
 * hides them too. Imports only zod.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema, TimestampSchema } from './common';

/** A carousel card id: letters, digits, dash, underscore, 1..64. */
export const CarouselCardIdSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a card id');

/** Icons the carousel knows how to draw. */
export const CAROUSEL_ICONS = ['play', 'gift', 'trophy', 'shirt', 'car'] as const;
export const CarouselIconSchema = z.enum(CAROUSEL_ICONS);
export type CarouselIcon = z.infer<typeof CarouselIconSchema>;

/** A reward / carousel card as fans get it (spec §3), texts in the member's language. */
export const CarouselCardSchema = z.object({
  /** The card's stable key (what a dismissal names). */
  id: CarouselCardIdSchema,
  title: z.string(),
  description: z.string(),
  /** Call-to-action label. */
  cta: z.string(),
  /** In-app path (starts with `/`) or absolute https URL. */
  url: z.string(),
  /** The card's illustration (`/api/media/{id}`), or null. */
  mediaId: MediaIdSchema,
  icon: CarouselIconSchema,
  /** Points shown on the card; 0 hides the badge. */
  points: z.number().int().nonnegative(),
  /** Members under 18 may not use the card (spec §6). */
  underageGate: z.boolean(),
  /** Sponsored card, shown with a label. */
  isAd: z.boolean(),
});
export type CarouselCard = z.infer<typeof CarouselCardSchema>;
/** `GET /carousel` answer: the live cards in display order. */
export const CarouselCardListResponseSchema = envelope(z.array(CarouselCardSchema));

/** One dismissed card of the member. */
export const CarouselDismissalSchema = z.object({
  cardId: z.string(),
  dismissedAt: TimestampSchema,
});
export type CarouselDismissal = z.infer<typeof CarouselDismissalSchema>;

/** `DELETE /carousel/{id}` answer (200; dismissing twice answers the first `dismissedAt`). */
export const CarouselDismissalResponseSchema = envelope(CarouselDismissalSchema);
/** `GET /carousel/dismissed` answer, newest first. */
export const CarouselDismissalListResponseSchema = envelope(z.array(CarouselDismissalSchema));
