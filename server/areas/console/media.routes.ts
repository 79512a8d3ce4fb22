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
import type { Context, MiddlewareHandler } from 'hono';
import { AdminListQuerySchema, DeletionResponseSchema } from '../../../src/contracts/admin/common';
import { PathIdSchema } from '../../../src/contracts/common';
import {
  AdminMediaListResponseSchema,
  AdminMediaResponseSchema,
  MAX_MEDIA_UPLOAD_BYTES,
  MEDIA_SIZE_LIMITS,
  MediaUploadFieldsSchema,
} from '../../../src/contracts/admin/media';
import { acceptMediaStream } from '../../kernel/media-intake';
import { sha256 } from '../../lib/crypto';
import { ApiError, validationFailed } from '../../lib/errors';
import { parseWith, sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { authenticate } from '../../kernel/authenticate';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';
import { idempotency } from '../../kernel/idempotency';
import { operatorsOnly, requireOperator } from './operator';
import {
  deleteLibraryMedia,
  discardUnrecorded,
  listLibraryMedia,
  readLibraryMedia,
  recordUpload,
  type StoredUpload,
} from './media.service';

const MB = 1024 * 1024;

/** An operator's file, received and already in the media storage under `id`, with the form's other fields. */
type ReceivedUpload = StoredUpload & {
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
      await discardUnrecorded(deps, id);
    }
  };
  const uploadDoc = {
    summary: 'Uploads a media file to the library (image, MP4/WebM video or PDF)',
    description:
      '`multipart/form-data` with the file in `file` and an optional `key`. The type is read from the bytes; images ' +
      'are resized to fit inside 1600x1600.',
    tags: ['admin'],
    auth: 'operator',
    body: { mediaTypes: ['multipart/form-data'], maxBytes: MAX_MEDIA_UPLOAD_BYTES },
    response: AdminMediaResponseSchema,
    status: 201,
    errors: {
      409: 'Conflict: another media already has this key.',
      413: 'PayloadTooLarge: larger than the limit of its kind (details.limitBytes).',
      415: 'UnsupportedMediaType: not multipart/form-data, or not a JPEG, PNG, WebP or GIF image, MP4/WebM video or PDF.',
      422: 'ValidationFailed: no file, an empty or unreadable one, or an invalid key.',
    },
  } as const;
  /** `POST /`: its own middleware run in this order before the handler (the body is the form, not JSON). */
  const uploadRoute = declareRoute({
    method: 'post',
    path: '/',
    ...uploadDoc,
    middleware: [uploadLimit, authenticate(deps), operatorsOnly(), receive, idempotency(deps)],
  });
  return routeGroup().openapi(uploadRoute, async (c) => {
    const { organization, user } = requireOperator(c.get('principal'));
    const upload = uploads.get(c)!;
    return sendData(c, await recordUpload(deps, organization.id, user, upload), 201);
  });
}

/** `GET /` query: the admin list's, without a publishing status (media have none). */
const LIST_QUERY = AdminListQuerySchema.omit({ status: true });

/** `GET /`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's media library, newest first, by name or key",
  tags: ['admin'],
  auth: 'operator',
  query: LIST_QUERY,
  response: AdminMediaListResponseSchema,
});

/** `GET /{id}`. */
const readRoute = declareRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One media of the library',
  tags: ['admin'],
  auth: 'operator',
  params: { id: PathIdSchema },
  response: AdminMediaResponseSchema,
  errors: { 404: 'NotFound: no media of the organization has this id.' },
});

/** `DELETE /{id}`. */
const deleteRoute = declareRoute({
  method: 'delete',
  path: '/{id}',
  summary: 'Deletes a media of the library',
  tags: ['admin'],
  auth: 'operator',
  params: { id: PathIdSchema },
  response: DeletionResponseSchema,
  errors: {
    404: 'NotFound: no media of the organization has this id.',
    409: 'Conflict: content still uses this media.',
  },
});

/** Builds `GET /`, `GET /{id}` and `DELETE /{id}` (mounted at `/api/admin/media` inside the admin group). */
export function adminMediaRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return c.json(await listLibraryMedia(deps, organization.id, c.req.valid('query')), 200);
    })
    .openapi(readRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await readLibraryMedia(deps, organization.id, c.req.valid('param').id));
    })
    .openapi(deleteRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const id = await deleteLibraryMedia(deps, organization.id, user, c.req.valid('param').id);
      return sendData(c, { id, archived: false });
    });
}
