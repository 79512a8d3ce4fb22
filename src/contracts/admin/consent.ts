/**
 * Admin contract of a consent the organization asks for (spec §3 Consent): the body of
 * `POST /api/admin/consents`, of `PATCH /api/admin/consents/{id}` and the item the admin API answers. A consent
 * members already answered is archived on delete (their answers stay) and no longer offered.
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { adminItemFields, ItemKeySchema, listEnvelope, optionalText, requiredText, translationsOf } from './common';

const ConsentFieldsSchema = z.object({
  /** Stable key, the fan API's consent `id` (e.g. `marketing-emails`). */
  key: ItemKeySchema,
  name: requiredText(200),
  description: optionalText(2000),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({ name: TextSchema.trim().max(200), description: TextSchema.trim().max(2000) }),
});

/** `POST /api/admin/consents` body. */
export const ConsentInputSchema = ConsentFieldsSchema;
export type ConsentInputData = z.output<typeof ConsentInputSchema>;
/** `PATCH /api/admin/consents/{id}` body. */
export const ConsentPatchSchema = ConsentFieldsSchema.partial().strict();

export const AdminConsentSchema = ConsentFieldsSchema.extend(adminItemFields);
export const AdminConsentResponseSchema = envelope(AdminConsentSchema);
export const AdminConsentListResponseSchema = listEnvelope(AdminConsentSchema);
