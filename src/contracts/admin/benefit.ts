/**
 * Admin contract of a benefit: what a rank unlocks. The body of `POST /api/admin/benefits`, of
 * `PATCH /api/admin/benefits/{id}` and the item the admin API answers. A benefit belongs to the lowest rank that
 * holds it (`rankCode`); every higher rank holds it too.
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { RankCodeSchema } from '../organization';
import { adminItemFields, ItemKeySchema, listEnvelope, MediaRefSchema, optionalText, requiredText, translationsOf } from './common';

const BenefitFieldsSchema = z.object({
  key: ItemKeySchema.nullable().default(null),
  rankCode: RankCodeSchema,
  title: requiredText(200),
  description: optionalText(2000),
  mediaId: MediaRefSchema.nullable().default(null),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  draft: z.boolean().default(false),
  translations: translationsOf({ title: TextSchema.trim().max(200), description: TextSchema.trim().max(2000) }),
});

/** `POST /api/admin/benefits` body. */
export const BenefitInputSchema = BenefitFieldsSchema;
export type BenefitInputData = z.output<typeof BenefitInputSchema>;
/** `PATCH /api/admin/benefits/{id}` body. */
export const BenefitPatchSchema = BenefitFieldsSchema.partial().strict();

export const AdminBenefitSchema = BenefitFieldsSchema.extend(adminItemFields);
export const AdminBenefitResponseSchema = envelope(AdminBenefitSchema);
export const AdminBenefitListResponseSchema = listEnvelope(AdminBenefitSchema);
