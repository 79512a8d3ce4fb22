/**
 * Venue check-in wire format: a fan at the venue sends either the short code they typed, or the event
 * and signed token of the QR code they scanned; `scannedAt` is the time of the scan, set by the offline queue (ignored
 * for a typed code). Rules in `src/rules/venue-checkin.ts`. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from './common';

/** Digits of the short typed code. */
export const VENUE_CODE_DIGITS = 6;
/** Characters of a QR token: 16 bytes (128 bits) of an HMAC-SHA256, base64url without padding. */
export const VENUE_TOKEN_LENGTH = 22;

/** A typed code: the six digits alone (the server finds the event open now whose code it is). */
const TypedVenueCodeSchema = z
  .object({
    /** The code shown at the venue (digits; spaces a fan typed are dropped). */
    code: z
      .string()
      .max(32)
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${VENUE_CODE_DIGITS}}$`), `${VENUE_CODE_DIGITS} digits`)),
    /** When the fan typed it (offline queue); a typed code is judged at the server's time, so this only tells a late one. */
    scannedAt: TimestampSchema.optional(),
  })
  .strict();

/** A scanned QR code: the event it names and its signed token of the time step it was shown in. */
const VenueQrScanSchema = z
  .object({
    eventId: z.uuid().max(36),
    /** The QR code's token (base64url). */
    token: z
      .string()
      .max(VENUE_TOKEN_LENGTH)
      .regex(new RegExp(`^[A-Za-z0-9_-]{${VENUE_TOKEN_LENGTH}}$`), `${VENUE_TOKEN_LENGTH} base64url characters`),
    /** When the fan scanned it (offline queue); default: now. */
    scannedAt: TimestampSchema.optional(),
  })
  .strict();

/** `POST /venue/checkins` body: a typed code or a scanned QR code. */
export const VenueCheckinCreateSchema = z.union([TypedVenueCodeSchema, VenueQrScanSchema]);
export type VenueCheckinCreate = z.output<typeof VenueCheckinCreateSchema>;

/** A venue a member was at: the event, and when they checked in. */
export const VenueAttendanceSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  venue: z.string(),
  startsAt: TimestampSchema,
  /** When the member scanned the code. */
  scannedAt: TimestampSchema,
  /** Points the check-in earned. */
  pointsAwarded: z.number().int().nonnegative(),
});
export type VenueAttendance = z.infer<typeof VenueAttendanceSchema>;

/** `POST /venue/checkins` answer. */
export const VenueCheckinResultSchema = VenueAttendanceSchema.extend({
  /** False when the member had already checked in at this event (nothing changed). */
  created: z.boolean(),
});
export type VenueCheckinResult = z.infer<typeof VenueCheckinResultSchema>;
export const VenueCheckinResultResponseSchema = envelope(VenueCheckinResultSchema);

/** `GET /venue/checkins`: the venues the member was at ("I was there"), most recent first. */
export const VenueAttendanceListResponseSchema = envelope(z.array(VenueAttendanceSchema));

/** A venue event open now: the dashboard's card and the challenges tab open the scanner with it. */
export const LiveVenueEventSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  venue: z.string(),
  startsAt: TimestampSchema,
  /** When the doors close; the card goes away then. */
  endsAt: TimestampSchema,
  /** Points a check-in earns. */
  value: z.number().int().nonnegative(),
  /** True once the member checked in at this event. */
  checkedIn: z.boolean(),
});
export type LiveVenueEvent = z.infer<typeof LiveVenueEventSchema>;

/** `GET /venue/events/live`: the organization's published venue events open now, earliest first. */
export const LiveVenueEventListResponseSchema = envelope(z.array(LiveVenueEventSchema));
