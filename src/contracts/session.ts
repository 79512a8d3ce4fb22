/**
 * Session (local auth mode) wire format: ARCHITECTURE §3.
 * `POST /session/otp {email}` -> 202 `{data: {sent: true}}` (same for known and unknown e-mails);
 * `POST /session {email, code}` -> `{data: SessionGrant}`; `DELETE /session` -> 204.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from './common';

export const EmailSchema = TextSchema.max(320).trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));

export const OtpRequestSchema = z.object({ email: EmailSchema });
export type OtpRequest = z.infer<typeof OtpRequestSchema>;

export const OtpResponseSchema = envelope(z.object({ sent: z.literal(true) }));

/** The 6-digit one-time code. */
export const OtpCodeSchema = z
  .string()
  .max(20)
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const SessionCreateSchema = z.object({ email: EmailSchema, code: OtpCodeSchema });
export type SessionCreate = z.infer<typeof SessionCreateSchema>;

export const SessionGrantSchema = z.object({
  /** Opaque 256-bit bearer token (base64url). */
  token: z.string(),
  isNewUser: z.boolean(),
  sessionStart: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type SessionGrant = z.infer<typeof SessionGrantSchema>;
export const SessionGrantResponseSchema = envelope(SessionGrantSchema);
