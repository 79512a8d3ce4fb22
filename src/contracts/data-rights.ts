/**
 * The member's data rights (GDPR art. 15, 17 and 20): the export answer of `GET /user/me/export`
 * (and `GET /api/admin/members/{id}/export`) and the confirmation body of `DELETE /user/me` (and
 * `DELETE /api/admin/members/{id}`). Apart from `user.ts` so that the fan's first load does not carry them.
 */
import { z } from 'zod';
import { TimestampSchema } from './common';

/** The word a member types to confirm the deletion of their account (the client shows it in the member's language). */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';

/**
 * `DELETE /user/me` (and `DELETE /api/admin/members/{id}`) body: the typed confirmation, so that no stray request
 * erases an account (GDPR art. 17).
 */
export const AccountDeletionSchema = z.object({ confirmation: z.literal(ACCOUNT_DELETION_CONFIRMATION) }).strict();

/**
 * `GET /user/me/export` answer (GDPR art. 15 and 20): the member's row and, by table name, every
 * row of each member-owned table, as stored (never code or token hashes).
 */
export const DataExportSchema = z.object({
  exportedAt: TimestampSchema,
  member: z.record(z.string(), z.unknown()),
  tables: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type DataExport = z.infer<typeof DataExportSchema>;
