/**
 * Benefits by rank (decision 0024): `GET /benefits` answers the organization's published benefits in the
 * member's language, each with the lowest rank that holds it (every higher rank holds it too), in display order.
 * Readable by visitors and members. Imports only zod.
 */
import { z } from 'zod';
import { envelope, MediaIdSchema } from './common';
import { RankCodeSchema } from './organization';

export const BenefitSchema = z.object({
  id: z.string(),
  rankCode: RankCodeSchema,
  title: z.string(),
  description: z.string(),
  mediaId: MediaIdSchema,
});
export type Benefit = z.infer<typeof BenefitSchema>;
export const BenefitListResponseSchema = envelope(z.array(BenefitSchema));
