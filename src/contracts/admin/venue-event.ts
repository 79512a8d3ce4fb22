/**
 * Admin contract of a venue event (decisions 0059, 0068): the body of `POST /api/admin/venue-events`, of
 * `PATCH /api/admin/venue-events/{id}` (merged and validated again) and the item the admin API answers; and the
 * answer of `GET /api/admin/venue-events/{id}/code`, the code to show now. The event's secret is never part of any
 * of them: the server keeps it. Rules: `endsAt` after `startsAt`; points >= 0.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { adminItemFields, listEnvelope, PointsSchema, requiredText, translationsOf } from './common';

const VenueEventFieldsSchema = z.object({
  /** What fans see, e.g. the match. */
  name: requiredText(200),
  /** Where it takes place. */
  venue: requiredText(200),
  startsAt: TimestampSchema,
  endsAt: TimestampSchema,
  /** Points a check-in earns. */
  value: PointsSchema.default(0),
  draft: z.boolean().default(false),
  translations: translationsOf({ name: TextSchema.trim().max(200), venue: TextSchema.trim().max(200) }),
});

/** `POST /api/admin/venue-events` body: every field with every rule. */
export const VenueEventInputSchema = VenueEventFieldsSchema.superRefine((e, ctx) => {
  if (Date.parse(e.endsAt) <= Date.parse(e.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after startsAt' });
});
export type VenueEventInputData = z.output<typeof VenueEventInputSchema>;

/** `PATCH /api/admin/venue-events/{id}` body. */
export const VenueEventPatchSchema = VenueEventFieldsSchema.partial().strict();

export const AdminVenueEventSchema = VenueEventFieldsSchema.extend(adminItemFields);
export const AdminVenueEventResponseSchema = envelope(AdminVenueEventSchema);
export const AdminVenueEventListResponseSchema = listEnvelope(AdminVenueEventSchema);

/** The code of a venue event at this moment, for the screen at the venue. */
const VenueCodeSchema = z.object({
  eventId: z.string(),
  /** The short code to type (digits). */
  code: z.string(),
  /** The QR code's signed token of this step (base64url); the QR code holds `<origin>/venue?event=<eventId>&token=<token>`. */
  token: z.string(),
  /** Seconds between rotations. */
  periodSeconds: z.number().int().positive(),
  /** When this code stops being the current one (it is still accepted one period longer). */
  rotatesAt: TimestampSchema,
  /**
   * The code and token of the next step (from `rotatesAt`), so the big screen turns over on time by itself, even when
   * its next request is slow. Already accepted now, as check-ins allow one step either side.
   */
  next: z.object({ code: z.string(), token: z.string(), rotatesAt: TimestampSchema }),
});
export type VenueCode = z.infer<typeof VenueCodeSchema>;
export const VenueCodeResponseSchema = envelope(VenueCodeSchema);
