/**
 * Seasons, for operators: starting a season starts new `season` tables from its start; leagues and
 * their members stay. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';

/** One season. */
export const AdminSeasonSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsAt: TimestampSchema,
  /** The season whose tables fans see now. */
  current: z.boolean(),
  createdAt: TimestampSchema,
});
export type AdminSeason = z.infer<typeof AdminSeasonSchema>;
export const AdminSeasonListResponseSchema = envelope(z.array(AdminSeasonSchema));
export const AdminSeasonResponseSchema = envelope(AdminSeasonSchema);

/** `POST /admin/seasons` body: the new season starts after the latest one. */
export const AdminSeasonInputSchema = z.object({
  name: TextSchema.trim().min(1).max(80),
  startsAt: TimestampSchema,
});
export type AdminSeasonInput = z.infer<typeof AdminSeasonInputSchema>;
