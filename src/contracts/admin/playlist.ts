/**
 * Admin contract of a playlist (spec §3 Playlist; decision 0049): an operator's ordered selection of the
 * organization's videos. Body of `POST /api/admin/playlists`, field by field of `PATCH /api/admin/playlists/{id}`
 * (`videoIds` replaces the whole list, in order), and the item the admin API answers. Each video id must be a video
 * of the organization (checked by the server), once.
 */
import { z } from 'zod';
import { envelope, TextSchema } from '../common';
import { adminItemFields, listEnvelope, optionalText, requiredText, SlugSchema, translationsOf } from './common';

const PlaylistFieldsSchema = z.object({
  slug: SlugSchema,
  name: requiredText(200),
  description: optionalText(2000),
  /** The videos, in the order fans get them. */
  videoIds: z.array(z.uuid('Not a video id').max(36)).max(200),
  draft: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({ name: TextSchema.trim().max(200), description: TextSchema.trim().max(2000) }),
});

/** A video appears once. */
export const PlaylistInputSchema = PlaylistFieldsSchema.superRefine((p, ctx) => {
  if (new Set(p.videoIds).size !== p.videoIds.length) ctx.addIssue({ code: 'custom', path: ['videoIds'], message: 'A video appears once' });
});
export type PlaylistInputData = z.output<typeof PlaylistInputSchema>;
export const PlaylistPatchSchema = PlaylistFieldsSchema.partial().strict();

export const AdminPlaylistSchema = PlaylistFieldsSchema.extend(adminItemFields);
export type AdminPlaylist = z.infer<typeof AdminPlaylistSchema>;
export const AdminPlaylistResponseSchema = envelope(AdminPlaylistSchema);
export const AdminPlaylistListResponseSchema = listEnvelope(AdminPlaylistSchema);
