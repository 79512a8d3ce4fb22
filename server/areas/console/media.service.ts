/**
 * The operators' media library (contract `src/contracts/admin/media.ts`): the media rows of the organization (members'
 * avatars left out), their listing, an upload's row and a deletion, each write with its audit-log entry in the same
 * transaction. Bytes live in the media storage (decisions 0041, 0088); a media that content refers to cannot be
 * deleted.
 */
import { and, desc, eq, getTableColumns, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { mediaKindOf, type AdminMedia, type MediaKind, type UploadContentType } from '../../../src/contracts/admin/media';
import { isUniqueViolation, type DbOrTx } from '../../db/client';
import {
  activations,
  articles,
  avatarUploads,
  badges,
  benefits,
  carouselCards,
  challenges,
  downloads,
  media,
  organizations,
  stories,
  storyChapters,
  sweepstakes,
  users,
  videos,
} from '../../db/schema';
import { recordAudit, type Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { containsPattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/pagination';

type MediaRow = typeof media.$inferSelect;

/** The admin item of a media row. */
function toAdminMedia(deps: Pick<AppDeps, 'env'>, row: Omit<MediaRow, 'bytes'>): AdminMedia {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    contentType: row.contentType,
    kind: mediaKindOf(row.contentType),
    sizeBytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    url: `${deps.env.PUBLIC_API_ORIGIN}/media/${row.id}`,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Where content refers to a media id (columns of content tables, challenge options in their jsonb). */
function referencesOf(id: string): SQL[] {
  const columns: PgColumn[] = [
    challenges.mediaId,
    stories.coverMediaId,
    storyChapters.mediaId,
    videos.thumbnailMediaId,
    videos.fileMediaId,
    articles.mediaId,
    downloads.mediaId,
    downloads.fileMediaId,
    sweepstakes.mediaId,
    activations.mediaId,
    badges.mediaId,
    benefits.mediaId,
    carouselCards.mediaId,
    organizations.logoMediaId,
    users.avatarMediaId,
  ];
  return [
    ...columns.map((column) => sql`exists (select 1 from ${column.table} where ${column} = ${id})`),
    sql`exists (select 1 from ${challenges} where ${challenges.options} @> ${JSON.stringify([{ mediaId: id }])}::jsonb)`,
  ];
}

/** True when some content refers to media `id` (it then cannot be deleted). */
async function isReferenced(db: DbOrTx, id: string): Promise<boolean> {
  const result = await db.execute(sql`select (${sql.join(referencesOf(id), sql` or `)}) as used`);
  const rows = (result as unknown as { rows: Array<{ used: boolean }> }).rows;
  return rows[0]?.used === true;
}

/** Columns of a media row without its bytes (lists never read seeded images' bytes). */
const { bytes: _bytes, ...mediaColumns } = getTableColumns(media);

/** Media of the library: the organization's, members' avatars left out. */
function inLibrary(db: DbOrTx, organizationId: string) {
  return and(
    eq(media.organizationId, organizationId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(avatarUploads)
        .where(eq(avatarUploads.mediaId, media.id)),
    ),
  )!;
}

/** The media `id` of the library of `organizationId`, without its bytes. @throws ApiError 404 NotFound */
async function readOne(db: DbOrTx, organizationId: string, id: string) {
  if (!isUuid(id)) throw notFound('Media not found');
  const [row] = await db
    .select(mediaColumns)
    .from(media)
    .where(and(eq(media.id, id), inLibrary(db, organizationId)));
  if (!row) throw notFound('Media not found');
  return row;
}

/** The media `id` of the library of `organizationId` as the console shows it. @throws ApiError 404 NotFound */
export async function readLibraryMedia(deps: Pick<AppDeps, 'db' | 'env'>, organizationId: string, id: string): Promise<AdminMedia> {
  return toAdminMedia(deps, await readOne(deps.db, organizationId, id));
}

/**
 * One page of the library of `organizationId`, newest first, `q` matched in name and key.
 * @returns the page's media and its `meta`
 */
export async function listLibraryMedia(
  deps: Pick<AppDeps, 'db' | 'env'>,
  organizationId: string,
  query: { q?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [inLibrary(deps.db, organizationId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(media.name, pattern), ilike(media.key, pattern))!);
  }
  const where = and(...conditions);
  const { rows, meta } = await pageOf(
    deps.db.select(mediaColumns).from(media).where(where).orderBy(desc(media.createdAt), desc(media.id)).$dynamic(),
    deps.db.$count(media, where),
    query,
  );
  return { data: rows.map((row) => toAdminMedia(deps, row)), meta };
}

/** An operator's file, already in the media storage under `id` (also its storage key), to record in the library. */
export type StoredUpload = {
  id: string;
  name: string | null;
  key: string | undefined;
  contentType: UploadContentType;
  sizeBytes: number;
  width: number | null;
  height: number | null;
};

/**
 * Records `upload` in the library of `organizationId`, audited `create` in the same transaction.
 * @returns the media as the console shows it
 * @throws ApiError 409 Conflict when another media of the organization has the upload's key
 */
export async function recordUpload(
  deps: Pick<AppDeps, 'db' | 'env' | 'clock'>,
  organizationId: string,
  actor: Actor,
  upload: StoredUpload,
): Promise<AdminMedia> {
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(media)
        .values({
          id: upload.id,
          organizationId,
          name: upload.name,
          contentType: upload.contentType,
          storageKey: upload.id,
          sizeBytes: upload.sizeBytes,
          createdAt: deps.clock(),
          key: upload.key ?? null,
          width: upload.width,
          height: upload.height,
        })
        .returning();
      const { bytes: _bytes, ...item } = inserted;
      const audited = toAdminMedia(deps, item);
      await recordAudit(tx, actor, { entity: 'media', entityId: upload.id, action: 'create', before: null, after: { ...audited } });
      return item;
    });
    return toAdminMedia(deps, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('Another media already has this key');
    throw error;
  }
}

/**
 * Removes from the media storage the bytes received under `id` unless a media row took them (a refused key, a replay,
 * a conflict, a rolled-back request).
 */
export async function discardUnrecorded(deps: Pick<AppDeps, 'db' | 'storage'>, id: string): Promise<void> {
  const [kept] = await deps.db.select({ id: media.id }).from(media).where(eq(media.id, id));
  if (!kept) await deps.storage.delete(id);
}

/**
 * Deletes the media `id` of the library of `organizationId`, audited `delete` in the same transaction, then its bytes
 * (a failed delete keeps both).
 * @returns the deleted media's id
 * @throws ApiError 404 NotFound, 409 Conflict while content refers to the media
 */
export async function deleteLibraryMedia(
  deps: Pick<AppDeps, 'db' | 'env' | 'storage'>,
  organizationId: string,
  actor: Actor,
  id: string,
): Promise<string> {
  const row = await deps.db.transaction(async (tx) => {
    const existing = await readOne(tx, organizationId, id);
    if (await isReferenced(tx, existing.id)) throw conflict('This media is used by content: remove it there first');
    await tx.delete(media).where(eq(media.id, existing.id));
    await recordAudit(tx, actor, {
      entity: 'media',
      entityId: existing.id,
      action: 'delete',
      before: { ...toAdminMedia(deps, existing) },
      after: null,
    });
    return existing;
  });
  // The bytes go once the row is gone (a failed delete keeps both).
  if (row.storageKey) await deps.storage.delete(row.storageKey);
  return row.id;
}

/**
 * Checks that each referenced media is of one of the expected kinds (e.g. a video's file is an uploaded video).
 * Unknown ids are left to the factory's own reference check.
 * @throws ApiError 422 naming the field of the first media of another kind
 */
export async function expectMediaKinds(
  db: DbOrTx,
  organizationId: string,
  refs: Array<{ path: string; id: string | null; kinds: MediaKind[]; message: string }>,
): Promise<void> {
  const wanted = refs.filter((r): r is typeof r & { id: string } => r.id !== null);
  if (!wanted.length) return;
  const rows = await db
    .select({ id: media.id, contentType: media.contentType })
    .from(media)
    .where(
      and(
        eq(media.organizationId, organizationId),
        inArray(
          media.id,
          wanted.map((r) => r.id),
        ),
      ),
    );
  const wrong = wanted.filter((r) => {
    const row = rows.find((m) => m.id === r.id);
    return row !== undefined && !r.kinds.includes(mediaKindOf(row.contentType));
  });
  if (wrong.length)
    throw validationFailed(
      'Invalid request body',
      wrong.map((r) => ({ path: r.path, message: r.message })),
    );
}
