/**
 * Consent and identification wire format: spec §3 (Consent: id, consentId, name, value 0|1 exposed as
 * enabled), §7 (`GET /consent/user`, `PATCH /consent/user/{id}` with `{consentId, value, data}`,
 * `POST /user/me/identify {email}`), §8 (a failed consent update is only logged by the client).
 * Imports only zod.
 */
import { z } from 'zod';
import { envelope, jsonObjectSchema, PathIdSchema, TimestampSchema } from './common';
import { EmailSchema } from './session';

/** The consent states on the wire: 0 = refused / not given, 1 = given. */
export const ConsentValueSchema = z.union([z.literal(0), z.literal(1)]);
export type ConsentValue = z.infer<typeof ConsentValueSchema>;

/**
 * One consent of the organization with the member's answer (`GET /consent/user` item).
 * `id` is the consent's stable key (used in the PATCH path), `consentId` its database id; both name the
 * same consent.
 */
export const ConsentSchema = z.object({
  id: z.string(),
  consentId: z.string(),
  name: z.string(),
  description: z.string(),
  value: ConsentValueSchema,
  /** `value === 1`. */
  enabled: z.boolean(),
  /** When the member last answered, or null if never (the value is then the default, 0). */
  updatedAt: TimestampSchema.nullable(),
});
export type Consent = z.infer<typeof ConsentSchema>;
export const ConsentListResponseSchema = envelope(z.array(ConsentSchema));
export const ConsentResponseSchema = envelope(ConsentSchema);

/**
 * `PATCH /consent/user/{id}` body. `consentId` must name the same consent as the path (else 422);
 * `data` is free context recorded with the answer (e.g. `{source: 'profile'}`), at most 2 KB as JSON.
 */
export const ConsentUpdateSchema = z
  .object({
    consentId: PathIdSchema,
    value: ConsentValueSchema,
    data: jsonObjectSchema(2048).nullable().optional(),
  })
  .strict();
export type ConsentUpdate = z.infer<typeof ConsentUpdateSchema>;

/** `POST /user/me/identify` body: the e-mail the member identifies with (analytics/CRM identity). */
export const UserIdentifySchema = z.object({ email: EmailSchema }).strict();
export type UserIdentify = z.infer<typeof UserIdentifySchema>;
/** `POST /user/me/identify` answer. */
export const UserIdentifyResponseSchema = envelope(z.object({ identified: z.literal(true) }));
