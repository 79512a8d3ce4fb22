/**
 * Rewards carousel dismissals: spec §4 ("removed locally first, then a delete call is made"), §7
 * (`DELETE /carousel/{id}`), §8 (a failed delete is only logged). The cards themselves are built-in demo
 * data of the client; the server remembers which ones each member dismissed, and answers them at
 * `GET /carousel/dismissed` (our addition, decision 0016) so another device hides them too.
 * Imports only zod.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from './common';

/** A carousel card id: letters, digits, dash, underscore, 1..64. */
export const CarouselCardIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a card id');

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
