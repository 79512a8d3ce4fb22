/**
 * `/api/admin/downloads` (contract `src/contracts/admin/download.ts`): a PDF fans download, uploaded
 * in the console (`fileMediaId`) or, for imported and seeded downloads, on the CDN under `fileId`. The file name
 * and size fans see come from the uploaded media. Downloads earn nothing, so deleting one always deletes it.
 */
import { and, eq } from 'drizzle-orm';
import {
  AdminDownloadSchema,
  DownloadInputSchema,
  DownloadPatchSchema,
  type DownloadInputData,
} from '../../../src/contracts/admin/download';
import { downloads, media } from '../../db/schema';
import { expectMediaKinds } from './media.service';
import { demoCdnFileSize } from '../../lib/storage/demo-cdn';
import { type AdminResource, itemFields } from './resource';

type DownloadRow = typeof downloads.$inferSelect;

/** The download resource of the admin API. */
export const downloadResource: AdminResource<DownloadRow, DownloadInputData> = {
  name: 'downloads',
  noun: 'Download',
  table: downloads,
  input: DownloadInputSchema,
  patch: DownloadPatchSchema as never,
  item: AdminDownloadSchema,
  search: [downloads.title, downloads.description, downloads.fileId],
  newest: downloads.updatedAt,
  status: { archivedAt: downloads.archivedAt },
  toValues: (input, _ctx, existing) => ({
    fileId: input.fileId,
    title: input.title,
    description: input.description,
    fileMediaId: input.fileMediaId,
    mediaId: input.mediaId,
    sortOrder: input.sortOrder,
    translations: input.translations,
    // Replaced from the uploaded PDF by `afterWrite`; a CDN file keeps what was imported.
    fileName: existing?.fileName ?? input.fileId,
    sizeBytes: existing?.sizeBytes ?? 0,
  }),
  toInput: (row) => ({
    fileId: row.fileId,
    title: row.title,
    description: row.description,
    fileMediaId: row.fileMediaId,
    mediaId: row.mediaId,
    sortOrder: row.sortOrder,
    translations: row.translations as DownloadInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminDownloadSchema.parse({
      ...downloadResource.toInput(row),
      ...itemFields(row, { start: null, end: null }, now),
      fileName: row.fileName,
      sizeBytes: row.sizeBytes,
    }),
  mediaRefs: (input) => [
    ...(input.fileMediaId ? [{ path: 'fileMediaId', id: input.fileMediaId }] : []),
    ...(input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
  ],
  check: (input, { tx, organizationId }) =>
    expectMediaKinds(tx, organizationId, [
      { path: 'fileMediaId', id: input.fileMediaId, kinds: ['pdf'], message: 'Not an uploaded PDF' },
      { path: 'mediaId', id: input.mediaId, kinds: ['image', 'svg'], message: 'Not an image' },
    ]),
  afterWrite: async (row, input, { tx, organizationId }) => {
    if (!input.fileMediaId) {
      // A file on the demo CDN: its size is the file's; a club's own CDN keeps the size it had.
      const size = await demoCdnFileSize(input.fileId);
      if (size !== null) await tx.update(downloads).set({ sizeBytes: size }).where(eq(downloads.id, row.id));
      return;
    }
    const [file] = await tx
      .select({ name: media.name, sizeBytes: media.sizeBytes })
      .from(media)
      .where(and(eq(media.id, input.fileMediaId), eq(media.organizationId, organizationId)));
    const fileName = file?.name?.toLowerCase().endsWith('.pdf') ? file.name : `${input.fileId.replace(/\.pdf$/i, '')}.pdf`;
    await tx
      .update(downloads)
      .set({ fileName, sizeBytes: file?.sizeBytes ?? 0 })
      .where(eq(downloads.id, row.id));
  },
};
