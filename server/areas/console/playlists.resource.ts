/**
 * `/api/admin/playlists` (contract `src/contracts/admin/playlist.ts`): an ordered selection of the
 * organization's videos, written by `afterWrite` (the list is replaced; no member data hangs on it) and read by
 * `load`. Playlists earn nothing, so deleting one always deletes it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  AdminPlaylistSchema,
  PlaylistInputSchema,
  PlaylistPatchSchema,
  type PlaylistInputData,
} from '../../../src/contracts/admin/playlist';
import { playlists, playlistVideos, videos } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type PlaylistRow = typeof playlists.$inferSelect & { videoIds: string[] };

/** The playlist resource of the admin API. */
export const playlistResource: AdminResource<PlaylistRow, PlaylistInputData> = {
  name: 'playlists',
  noun: 'Playlist',
  table: playlists,
  input: PlaylistInputSchema,
  patch: PlaylistPatchSchema as never,
  item: AdminPlaylistSchema,
  search: [playlists.name, playlists.description, playlists.slug],
  newest: playlists.createdAt,
  status: { archivedAt: playlists.archivedAt, draft: playlists.draft },
  toValues: (input) => ({
    slug: input.slug,
    name: input.name,
    description: input.description,
    draft: input.draft,
    sortOrder: input.sortOrder,
    translations: input.translations,
  }),
  toInput: (row) => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    videoIds: row.videoIds,
    draft: row.draft,
    sortOrder: row.sortOrder,
    translations: row.translations as PlaylistInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminPlaylistSchema.parse({
      ...playlistResource.toInput(row),
      ...itemFields(row, { start: null, end: null }, now),
    }),
  check: async (input, { tx, organizationId }) => {
    if (!input.videoIds.length) return;
    const found = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.organizationId, organizationId), inArray(videos.id, input.videoIds)));
    const known = new Set(found.map((v) => v.id));
    const missing = input.videoIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: `videoIds.${i}`, message: 'No such video' }]));
    if (missing.length) throw validationFailed('Invalid request body', missing);
  },
  afterWrite: async (playlist, input, { tx }) => {
    await tx.delete(playlistVideos).where(eq(playlistVideos.playlistId, playlist.id));
    if (input.videoIds.length) {
      await tx
        .insert(playlistVideos)
        .values(input.videoIds.map((videoId, orderIndex) => ({ playlistId: playlist.id, videoId, orderIndex })));
    }
  },
  load: async (db, rows) => {
    const list = rows as Array<typeof playlists.$inferSelect>;
    if (!list.length) return [];
    const entries = await db
      .select()
      .from(playlistVideos)
      .where(
        inArray(
          playlistVideos.playlistId,
          list.map((p) => p.id),
        ),
      )
      .orderBy(asc(playlistVideos.orderIndex));
    return list.map((p) => ({ ...p, videoIds: entries.filter((e) => e.playlistId === p.id).map((e) => e.videoId) }));
  },
};
