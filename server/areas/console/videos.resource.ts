/**
 * `/api/admin/videos` (contract `src/contracts/admin/video.ts`): a video plays from an uploaded MP4/WebM, an
 * external https address, or (imported and seeded videos) a CDN file. A video members watched is archived, never
 * deleted.
 */
import { eq } from 'drizzle-orm';
import { AdminVideoSchema, VideoInputSchema, VideoPatchSchema, type VideoInputData } from '../../../src/contracts/admin/video';
import { videos, videoViews } from '../../db/schema';
import { expectMediaKinds } from './media.service';
import { type AdminResource, itemFields } from './resource';

type VideoRow = typeof videos.$inferSelect;

/** The video resource of the admin API. */
export const videoResource: AdminResource<VideoRow, VideoInputData> = {
  name: 'videos',
  noun: 'Video',
  table: videos,
  input: VideoInputSchema,
  patch: VideoPatchSchema as never,
  item: AdminVideoSchema,
  search: [videos.name, videos.description, videos.slug],
  newest: videos.publishedAt,
  status: { archivedAt: videos.archivedAt, draft: videos.draft, start: videos.publishedAt },
  toValues: (input) => ({
    slug: input.slug,
    name: input.name,
    description: input.description,
    fileMediaId: input.fileMediaId,
    externalUrl: input.externalUrl,
    // The CDN file name column is '' when the video plays from an upload or an external address.
    fileName: input.cdnFileName ?? '',
    thumbnailMediaId: input.thumbnailMediaId,
    durationSeconds: input.durationSeconds,
    value: input.value,
    publishedAt: new Date(input.publishedAt),
    draft: input.draft,
    sortOrder: input.sortOrder,
    translations: input.translations,
  }),
  toInput: (row) => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    fileMediaId: row.fileMediaId,
    externalUrl: row.externalUrl,
    cdnFileName: row.fileName === '' ? null : row.fileName,
    thumbnailMediaId: row.thumbnailMediaId,
    durationSeconds: row.durationSeconds,
    value: row.value,
    publishedAt: row.publishedAt.toISOString(),
    draft: row.draft,
    sortOrder: row.sortOrder,
    translations: row.translations as VideoInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminVideoSchema.parse({
      ...videoResource.toInput(row),
      ...itemFields(row, { start: row.publishedAt, end: null }, now),
    }),
  mediaRefs: (input) => [
    ...(input.fileMediaId ? [{ path: 'fileMediaId', id: input.fileMediaId }] : []),
    ...(input.thumbnailMediaId ? [{ path: 'thumbnailMediaId', id: input.thumbnailMediaId }] : []),
  ],
  check: (input, { tx, organizationId }) =>
    expectMediaKinds(tx, organizationId, [
      { path: 'fileMediaId', id: input.fileMediaId, kinds: ['video'], message: 'Not an uploaded MP4 or WebM video' },
      { path: 'thumbnailMediaId', id: input.thumbnailMediaId, kinds: ['image', 'svg'], message: 'Not an image' },
    ]),
  inUse: async (db, id) => {
    const [row] = await db.select({ id: videoViews.videoId }).from(videoViews).where(eq(videoViews.videoId, id)).limit(1);
    return row !== undefined;
  },
};
