/**
 * Admin contract of a video (spec §3 Video): body of `POST /api/admin/videos`, field by field of
 * `PATCH /api/admin/videos/{id}`, and the item the admin API answers. A video plays from exactly one source: an
 * uploaded MP4/WebM (`fileMediaId`), an external https address (`externalUrl`), or, for imported and seeded
 * videos, a file on the organization's CDN (`cdnFileName`). `publishedAt` is when fans start seeing it.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import {
  adminItemFields,
  listEnvelope,
  MediaRefSchema,
  optionalText,
  PointsSchema,
  requiredText,
  SlugSchema,
  translationsOf,
} from './common';

/** An external video address: absolute https. */
const ExternalUrlSchema = TextSchema.trim()
  .max(2000)
  .regex(/^https:\/\/[^\s]+$/i, 'An https:// address');

const VideoFieldsSchema = z.object({
  slug: SlugSchema,
  name: requiredText(200),
  description: optionalText(2000),
  /** Uploaded video (an MP4 or WebM media of the organization). */
  fileMediaId: MediaRefSchema.nullable().default(null),
  externalUrl: ExternalUrlSchema.nullable().default(null),
  /** A file under the CDN base (`video-pit-stop.mp4`): imported and seeded videos. */
  cdnFileName: z
    .string()
    .max(126)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.(mp4|webm)$/, 'A .mp4 or .webm file name')
    .nullable()
    .default(null),
  thumbnailMediaId: MediaRefSchema.nullable().default(null),
  /** Length of the clip, in seconds. */
  durationSeconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600),
  /** Points of a member's first view. */
  value: PointsSchema.default(0),
  publishedAt: TimestampSchema,
  draft: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({ name: TextSchema.trim().max(200), description: TextSchema.trim().max(2000) }),
});
type VideoFields = z.output<typeof VideoFieldsSchema>;

/** Exactly one source. */
function checkVideo(v: VideoFields, ctx: z.RefinementCtx): void {
  const sources = [v.fileMediaId, v.externalUrl, v.cdnFileName].filter((s) => s !== null).length;
  if (sources !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [v.externalUrl !== null ? 'externalUrl' : 'fileMediaId'],
      message: 'Exactly one of fileMediaId or externalUrl',
    });
  }
}

export const VideoInputSchema = VideoFieldsSchema.superRefine(checkVideo);
export type VideoInput = z.input<typeof VideoInputSchema>;
export type VideoInputData = z.output<typeof VideoInputSchema>;
export const VideoPatchSchema = VideoFieldsSchema.partial().strict();

export const AdminVideoSchema = VideoFieldsSchema.extend(adminItemFields);
export type AdminVideo = z.infer<typeof AdminVideoSchema>;
export const AdminVideoResponseSchema = envelope(AdminVideoSchema);
export const AdminVideoListResponseSchema = listEnvelope(AdminVideoSchema);
