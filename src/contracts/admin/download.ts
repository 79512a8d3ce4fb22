/**
 * Admin contract of a digital download (decision 0012): body of `POST /api/admin/downloads`, field by field of
 * `PATCH /api/admin/downloads/{id}`, and the item the admin API answers. The file is an uploaded PDF
 * (`fileMediaId`); imported and seeded downloads may instead name a PDF on the organization's CDN by `fileId`
 * (then `fileMediaId` is null). `fileId` is the download's stable wire id.
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { adminItemFields, listEnvelope, MediaRefSchema, optionalText, requiredText, translationsOf } from './common';

const DownloadFieldsSchema = z.object({
  /** Stable id fans see (and, without `fileMediaId`, the PDF's name on the CDN). */
  fileId: z
    .string()
    .max(121)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/, 'Letters, digits, dot, dash or underscore'),
  title: requiredText(200),
  description: optionalText(2000),
  /** The uploaded PDF (a PDF media of the organization), or null for a PDF on the CDN named `fileId`. */
  fileMediaId: MediaRefSchema.nullable().default(null),
  /** Cover image. */
  mediaId: MediaRefSchema.nullable().default(null),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({ title: TextSchema.trim().max(200), description: TextSchema.trim().max(2000) }),
});

/** A download without an uploaded file names a PDF on the CDN. */
export const DownloadInputSchema = DownloadFieldsSchema.superRefine((d, ctx) => {
  if (d.fileMediaId === null && !d.fileId.toLowerCase().endsWith('.pdf')) {
    ctx.addIssue({ code: 'custom', path: ['fileMediaId'], message: 'Upload the PDF' });
  }
});
export type DownloadInputData = z.output<typeof DownloadInputSchema>;
export const DownloadPatchSchema = DownloadFieldsSchema.partial().strict();

export const AdminDownloadSchema = DownloadFieldsSchema.extend({
  ...adminItemFields,
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
});
export type AdminDownload = z.infer<typeof AdminDownloadSchema>;
export const AdminDownloadResponseSchema = envelope(AdminDownloadSchema);
export const AdminDownloadListResponseSchema = listEnvelope(AdminDownloadSchema);
