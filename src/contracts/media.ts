/**
 * Media wire format: avatar upload and choice (spec §7 `POST /media` binary octet-stream,
 * `POST /media/set-avatar {name}` with "the avatar slug before the dot"). Images are read at
 * `GET /api/media/{mediaId}` (public, cached). Imports only zod.
 */
import { z } from 'zod';
import { envelope } from './common';

/** Largest avatar upload, in bytes (5 MiB); larger is 413 PayloadTooLarge. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** Image types accepted for avatars, recognised by their first bytes (not by headers); else 415. */
export const AvatarContentTypeSchema = z.enum(['image/png', 'image/jpeg', 'image/webp']);
export type AvatarContentType = z.infer<typeof AvatarContentTypeSchema>;

/** `POST /media` answer: the stored image. */
export const MediaUploadResultSchema = z.object({
  /** The media id ("slug before the dot"), passed to `POST /media/set-avatar`. */
  name: z.string(),
  /** `name` + extension, e.g. `3f2a….png`. */
  fileName: z.string(),
  contentType: AvatarContentTypeSchema,
  sizeBytes: z.number().int().positive(),
  /** Where the image is served, `/api/media/{name}`. */
  url: z.string(),
});
export type MediaUploadResult = z.infer<typeof MediaUploadResultSchema>;
export const MediaUploadResponseSchema = envelope(MediaUploadResultSchema);

/**
 * `POST /media/set-avatar` body: the uploaded media's name. A file name (`<name>.png`) is accepted too:
 * everything from the first dot is ignored (spec: "avatar slug before the dot").
 */
export const SetAvatarSchema = z
  .object({
    name: z
      .string()
      .max(200)
      .trim()
      .transform((s) => s.split('.')[0])
      .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a media name')),
  })
  .strict();
export type SetAvatar = z.infer<typeof SetAvatarSchema>;

/** `POST /media/set-avatar` answer; the client then refetches `GET /user/me`. */
export const SetAvatarResultSchema = z.object({
  name: z.string(),
  /** The member's new `avatarUrl`, `/api/media/{name}`. */
  avatarUrl: z.string(),
});
export type SetAvatarResult = z.infer<typeof SetAvatarResultSchema>;
export const SetAvatarResponseSchema = envelope(SetAvatarResultSchema);
