/**
 * Venue check-in wire format (decision 0059): a fan at the venue sends the event's current code, read from its QR
 * code (which also names the event) or typed (the short code alone); `scannedAt` is the time of the scan, set by the
 * offline queue. Rules in `src/rules/venue-checkin.ts`. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from './common';
import { VENUE_CODE_DIGITS } from '../rules/venue-checkin';

/** `POST /venue/checkins` body. */
export const VenueCheckinCreateSchema = z
  .object({
    /** The code shown at the venue (digits; spaces a fan typed are dropped). */
    code: z
      .string()
      .transform((s) => s.replace(/\s+/g, ''))
      .pipe(z.string().regex(new RegExp(`^\\d{${VENUE_CODE_DIGITS}}$`), `${VENUE_CODE_DIGITS} digits`)),
    /** The event the QR code names; absent for a typed code (the server finds the event by the code). */
    eventId: z.uuid().optional(),
    /** When the fan scanned or typed it (offline queue); default: now. */
    scannedAt: TimestampSchema.optional(),
  })
  .strict();

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
