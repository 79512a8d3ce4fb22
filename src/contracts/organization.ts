/**
 * Organization wire format: `GET /organization/current` (spec §3, §7).
 * `token` is sent back by the client in `x-org-token` on every later request.
 */
import { z } from 'zod';
import { RANK_CODES } from './constants';
import { envelope } from './common';

/** Rank codes from lowest (P10) to highest (P1) (spec §9); defined in ./constants. */
export { RANK_CODES };
export const RankCodeSchema = z.enum(RANK_CODES);
export type RankCode = z.infer<typeof RankCodeSchema>;

/** A rank: reached when lifetime earned points >= `threshold` (ARCHITECTURE §4). */
export const RankSchema = z.object({
  name: RankCodeSchema,
  /** Display title in the request's language, e.g. "Rookie". */
  title: z.string(),
  /** Lifetime points needed, in points. */
  threshold: z.number().int().nonnegative(),
});
export type Rank = z.infer<typeof RankSchema>;

export const OrganizationSchema = z.object({
  organizationId: z.string(),
  /** Name in the request's language (`Accept-Language`), set by the organization's operators. */
  name: z.string(),
  /** Short name (installed app's name), in the request's language; the name when the organization set none. */
  shortName: z.string(),
  /** Language for members whose browser asks for none the app speaks. */
  defaultLanguage: z.enum(['en', 'fr']),
  token: z.string(),
  /** Ranks sorted by threshold ascending (P10 first). */
  ranks: z.array(RankSchema),
  /** IANA time zone used for the daily check-in, e.g. `Europe/Paris`. */
  timeZone: z.string(),
  /** Brand colour as `#rrggbb`. */
  brandColor: z.string(),
  logoMediaId: z.string().nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationResponseSchema = envelope(OrganizationSchema);
