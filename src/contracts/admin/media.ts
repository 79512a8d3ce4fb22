/**
 * Admin contract of media (images, videos, PDFs an operator uploads): the upload form of
 * `POST /api/admin/media` (`multipart/form-data`: field `file`, optional `key`), the size limits by kind, and the
 * media item the admin API answers. The type of an upload is read from its bytes, never from the declared type;
 * images are resized by the server to fit inside {@link MAX_IMAGE_EDGE} pixels (no crop, aspect kept). Served
 * publicly at `GET /api/media/{id}`. Imports only zod.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';
import { ItemKeySchema, listEnvelope } from './common';

const MB = 1024 * 1024;

/** Largest upload of each kind, in bytes (image 10 MB, PDF 20 MB, video 200 MB); larger is 413. */
export const MEDIA_SIZE_LIMITS = { image: 10 * MB, pdf: 20 * MB, video: 200 * MB } as const;
/** Largest body `POST /api/admin/media` reads, in bytes: the largest file plus room for the form's own parts. */
export const MAX_MEDIA_UPLOAD_BYTES = MEDIA_SIZE_LIMITS.video + MB;
/** Longest edge of a stored image, in pixels: larger images are scaled down to fit inside this square. */
export const MAX_IMAGE_EDGE = 1600;

/** What an operator may upload, by content type (SVG is refused: it can carry script). */
export const UPLOAD_CONTENT_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'application/pdf': 'pdf',
} as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;

/** Kinds of media: uploads are image, video or pdf; seeded artwork may be `svg`. */
export const MediaKindSchema = z.enum(['image', 'video', 'pdf', 'svg', 'other']);
export type MediaKind = z.infer<typeof MediaKindSchema>;

/** The kind of a stored content type. */
export function mediaKindOf(contentType: string): MediaKind {
  if (contentType === 'image/svg+xml') return 'svg';
  return (UPLOAD_CONTENT_TYPES as Record<string, MediaKind | undefined>)[contentType] ?? 'other';
}

/** The text fields of the upload form (the file itself is the `file` part). */
export const MediaUploadFieldsSchema = z.object({
  /** Stable key in the organization's content document (e.g. the file's name there); optional. */
  key: ItemKeySchema.optional(),
});

/** A media item as the admin API answers it. */
export const AdminMediaSchema = z.object({
  id: z.string(),
  key: z.string().nullable(),
  /** Original file name. */
  name: z.string().nullable(),
  contentType: z.string(),
  kind: MediaKindSchema,
  /** Stored size, in bytes (after resizing). */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** Pixel size of an image (after resizing); null for video, PDF and SVG. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Public address, `/api/media/{id}`. */
  url: z.string(),
  createdAt: TimestampSchema,
});
export type AdminMedia = z.infer<typeof AdminMediaSchema>;
export const AdminMediaResponseSchema = envelope(AdminMediaSchema);
export const AdminMediaListResponseSchema = listEnvelope(AdminMediaSchema);
