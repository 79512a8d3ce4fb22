/**
 * `/api/admin/media`: the operators' media library (contract `src/contracts/admin/media.ts`).
 * - `adminMediaUploadRoutes`: `POST /` (`multipart/form-data`, field `file`, optional `key`), mounted before the
 *   API's 1 MB body limit like the avatar upload with its own authentication, operator check,
 *   Idempotency-Key and body limit. Every file passes `acceptMedia` (`server/kernel/media-intake.ts`): the type is
 *   read from the bytes, never from the declared type: JPEG, PNG, WebP and GIF images (re-encoded without metadata
 *   and resized to fit inside 1600x1600, no crop, aspect kept), MP4/WebM video and PDF; anything else (SVG
 *   included: it can carry script) is 415. Size limits by kind: 413.
 * - `adminMediaRoutes`: `GET /` (paginated, newest first, `?q=` over name and key), `GET /{id}`, `DELETE /{id}`
 *   (409 while content refers to the media).
 * Every upload and deletion writes its audit-log entry in the same transaction as the row. Bytes live in the media
 * storage (decisions 0041, 0088): the file is streamed there as it arrives (a 200 MB video is never held in memory;
 * an image, at most 10 MB, is read whole to be re-encoded), before the row, and removed again when no row took it.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { and, count, desc, eq, getTableColumns, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { AdminListQuerySchema, DeletionResponseSchema } from '../../../src/contracts/admin/common';
import { PathIdSchema } from '../../../src/contracts/common';
import {
  AdminMediaListResponseSchema,
  AdminMediaResponseSchema,
  MAX_MEDIA_UPLOAD_BYTES,
  MEDIA_SIZE_LIMITS,
  MediaUploadFieldsSchema,
  mediaKindOf,
  type AdminMedia,
  type MediaKind,
  type UploadContentType,
} from '../../../src/contracts/admin/media';
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
import { recordAudit } from '../../kernel/audit';
import { acceptMediaStream } from '../../kernel/media-intake';
import { sha256 } from '../../lib/crypto';
import { ApiError, conflict, notFound, validationFailed } from '../../lib/errors';
import { parseWith, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import { isUuid } from '../../lib/ids';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { authenticate } from '../../kernel/authenticate';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';
import { idempotency } from '../../kernel/idempotency';
import { operatorsOnly, requireOperator } from './operator';

type MediaRow = typeof media.$inferSelect;

const MB = 1024 * 1024;

/** The admin item of a media row. */
function toAdminMedia(deps: AppDeps, row: Omit<MediaRow, 'bytes'>): AdminMedia {
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

/** An operator's file, received and already in the media storage under `id`, with the form's other fields. */
type ReceivedUpload = {
  id: string;
  name: string | null;
  key: string | undefined;
  contentType: UploadContentType;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  /** SHA-256 of the file as received: the Idempotency-Key fingerprint of the upload. */
  digest: string;
};

/** What the form's parts said, once read to the end. */
type FormOutcome = { fields: Map<string, string>; file: (Omit<ReceivedUpload, 'id' | 'key' | 'name'> & { name: string | null }) | null };

const invalidForm = () => validationFailed('Invalid upload form', [{ path: 'file', message: 'Not a readable form' }]);

/**
 * Reads a `multipart/form-data` body as it arrives, streaming its `file` part through the gate of stored media
 * (`acceptMediaStream`) into `storage` under `id`; other parts are small fields (the key). A refused file is drained
 * with the rest of the body, so the answer goes out on a connection that stays usable.
 * @throws ApiError 415/413/422 of the gate, 422 for a form that cannot be read, an empty file
 */
async function receiveForm(deps: AppDeps, id: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<FormOutcome> {
  const parser = busboy({
    headers: { 'content-type': contentType },
    defParamCharset: 'utf8',
    limits: { files: 1, fields: 8, fieldSize: 4096, fileSize: MAX_MEDIA_UPLOAD_BYTES },
  });
  const fields = new Map<string, string>();
  let stored: Promise<FormOutcome['file']> | null = null;
  parser.on('field', (name, value) => fields.set(name, value));
  parser.on('file', (name, file, info) => {
    if (name !== 'file' || stored) {
      file.resume();
      return;
    }
    stored = (async () => {
      const accepted = await acceptMediaStream(file);
      if (!accepted) throw validationFailed('The file is empty', [{ path: 'file', message: 'Empty file' }]);
      const saved = await deps.storage.put(id, accepted.body, { contentType: accepted.contentType });
      return {
        name: info.filename?.slice(0, 255) || null,
        contentType: accepted.contentType,
        sizeBytes: saved.size,
        width: accepted.width,
        height: accepted.height,
        digest: accepted.digest(),
      };
    })();
    // A refused file is read to its end (thrown away) so the parser, and the body, run to their end.
    stored.catch(() => file.resume());
  });
  try {
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), parser);
  } catch {
    await (stored as Promise<unknown> | null)?.catch(() => undefined);
    throw invalidForm();
  }
  return { fields, file: await (stored ?? Promise.resolve(null)) };
}

/** Builds `POST /` (mounted at `/api/admin/media` before the API's body limit). */
export function adminMediaUploadRoutes(deps: AppDeps) {
  const tooLarge = (limit: number) =>
    new ApiError(413, 'PayloadTooLarge', `This file is larger than ${Math.round(limit / MB)} MB`, { limitBytes: limit });
  const uploadLimit = requestBodyLimit({
    maxSize: MAX_MEDIA_UPLOAD_BYTES,
    onError: () => {
      throw tooLarge(MEDIA_SIZE_LIMITS.video);
    },
  });
  const uploads = new WeakMap<Context, ReceivedUpload>();
  /**
   * Receives the file into the media storage before the Idempotency-Key middleware (which would otherwise read the
   * whole body to fingerprint it, and hold its transaction for the length of the upload); the upload's fingerprint
   * is the file's SHA-256 with the form's fields. Once the request is over, the bytes are removed again unless a
   * media row took them (a refused key, a replay, a conflict, a rolled-back request).
   */
  const receive: MiddlewareHandler<AppEnv> = async (c, next) => {
    const contentType = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(contentType) || !c.req.raw.body) {
      throw new ApiError(415, 'UnsupportedMediaType', 'Send the file as multipart/form-data, in the field "file"');
    }
    const id = randomUUID();
    try {
      const { fields, file } = await receiveForm(deps, id, c.req.raw.body, contentType);
      if (!file) throw validationFailed('Invalid upload form', [{ path: 'file', message: 'Required' }]);
      const key = fields.get('key');
      const parsed = parseWith(MediaUploadFieldsSchema, { key: key ? key : undefined }, 'Invalid upload form');
      uploads.set(c, { id, ...file, key: parsed.key });
      c.set('idempotencyFingerprint', sha256(JSON.stringify([file.digest, file.name, parsed.key ?? null])));
      await next();
    } finally {
      const [kept] = await deps.db.select({ id: media.id }).from(media).where(eq(media.id, id));
      if (!kept) await deps.storage.delete(id);
    }
  };
  return new Hono<AppEnv>().post(
    '/',
    documented({
      summary: 'Uploads a media file to the library (image, MP4/WebM video or PDF)',
      description:
        '`multipart/form-data` with the file in `file` and an optional `key`. The type is read from the bytes; images ' +
        'are resized to fit inside 1600x1600.',
      tags: ['admin'],
      auth: 'operator',
      body: { mediaTypes: ['multipart/form-data'] },
      response: AdminMediaResponseSchema,
      status: 201,
      errors: {
        409: 'Conflict: another media already has this key.',
        413: 'PayloadTooLarge: larger than the limit of its kind (details.limitBytes).',
        415: 'UnsupportedMediaType: not multipart/form-data, or not a JPEG, PNG, WebP or GIF image, MP4/WebM video or PDF.',
        422: 'ValidationFailed: no file, an empty or unreadable one, or an invalid key.',
      },
    }),
    uploadLimit,
    authenticate(deps),
    operatorsOnly(),
    receive,
    idempotency(deps),
    async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const upload = uploads.get(c)!;
      try {
        const row = await deps.db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(media)
            .values({
              id: upload.id,
              organizationId: organization.id,
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
          await recordAudit(tx, user, { entity: 'media', entityId: upload.id, action: 'create', before: null, after: { ...audited } });
          return item;
        });
        return sendData(c, toAdminMedia(deps, row), 201);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Another media already has this key');
        throw error;
      }
    },
  );
}

/** Columns of a media row without its bytes (lists never read seeded images' bytes). */
const { bytes: _bytes, ...mediaColumns } = getTableColumns(media);

/** `GET /` query: the admin list's, without a publishing status (media have none). */
const LIST_QUERY = AdminListQuerySchema.omit({ status: true });

/** Builds `GET /`, `GET /{id}` and `DELETE /{id}` (mounted at `/api/admin/media` inside the admin group). */
export function adminMediaRoutes(deps: AppDeps) {
  /** Media of the library: the organization's, members' avatars left out. */
  const inLibrary = (organizationId: string) =>
    and(
      eq(media.organizationId, organizationId),
      notExists(
        deps.db
          .select({ one: sql`1` })
          .from(avatarUploads)
          .where(eq(avatarUploads.mediaId, media.id)),
      ),
    )!;
  const readOne = async (db: DbOrTx, organizationId: string, id: string) => {
    if (!isUuid(id)) throw notFound('Media not found');
    const [row] = await db
      .select(mediaColumns)
      .from(media)
      .where(and(eq(media.id, id), inLibrary(organizationId)));
    if (!row) throw notFound('Media not found');
    return row;
  };

  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's media library, newest first, by name or key",
        tags: ['admin'],
        auth: 'operator',
        query: LIST_QUERY,
        response: AdminMediaListResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const query = parseWith(LIST_QUERY, c.req.query(), 'Invalid query');
        const conditions: SQL[] = [inLibrary(organization.id)];
        if (query.q) {
          const pattern = `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
          conditions.push(or(ilike(media.name, pattern), ilike(media.key, pattern))!);
        }
        const where = and(...conditions);
        const rows = await deps.db
          .select(mediaColumns)
          .from(media)
          .where(where)
          .orderBy(desc(media.createdAt), desc(media.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
        const [{ total }] = await deps.db.select({ total: count() }).from(media).where(where);
        return c.json({ data: rows.map((row) => toAdminMedia(deps, row)), meta: { page: query.page, pageSize: query.pageSize, total } });
      },
    )
    .get(
      '/:id',
      documented({
        summary: 'One media of the library',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: AdminMediaResponseSchema,
        errors: { 404: 'NotFound: no media of the organization has this id.' },
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        return sendData(c, toAdminMedia(deps, await readOne(deps.db, organization.id, c.req.param('id'))));
      },
    )
    .delete(
      '/:id',
      documented({
        summary: 'Deletes a media of the library',
        tags: ['admin'],
        auth: 'operator',
        params: { id: PathIdSchema },
        response: DeletionResponseSchema,
        errors: {
          404: 'NotFound: no media of the organization has this id.',
          409: 'Conflict: content still uses this media.',
        },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const row = await deps.db.transaction(async (tx) => {
          const existing = await readOne(tx, organization.id, c.req.param('id'));
          if (await isReferenced(tx, existing.id)) throw conflict('This media is used by content: remove it there first');
          await tx.delete(media).where(eq(media.id, existing.id));
          await recordAudit(tx, user, {
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
        return sendData(c, { id: row.id, archived: false });
      },
    );
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
