/**
 * Profile extras (spec §7):
 * - `profileRoutes`, mounted at `/api/user` next to the core's user routes: `POST /me/identify {email}`
 *   records the identification and answers `{identified: true}`.
 * - `avatarRoutes`, mounted at `/api/media` before the API's 1 MB body limit (an avatar may be 5 MB), each
 *   route with its own authentication, Idempotency-Key and body limit (the public `GET /api/media/{id}`
 *   of the core stays untouched):
 *   `POST /media` takes the raw image (`application/octet-stream`, or an image/* type), recognises PNG,
 *   JPEG or WebP by its bytes (else 415 UnsupportedMediaType), at most 5 MB (else 413 PayloadTooLarge),
 *   re-encodes it without metadata (`acceptMedia`; an undecodable image is 422), stores it in `media` and
 *   answers 201 `{name, fileName, contentType, sizeBytes, url}`;
 *   `POST /media/set-avatar {name}` makes one of the member's own uploads the avatar (404 otherwise) and
 *   answers `{name, avatarUrl}`; `GET /user/me` then shows `avatarUrl` = `/api/media/{name}`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { UserIdentifyResponseSchema, UserIdentifySchema } from '../../../src/contracts/consent';
import { MEDIA_SIZE_LIMITS } from '../../../src/contracts/admin/media';
import {
  AvatarContentTypeSchema,
  MAX_AVATAR_BYTES,
  MediaUploadResponseSchema,
  SetAvatarResponseSchema,
  SetAvatarSchema,
  type AvatarContentType,
  type MediaUploadResult,
} from '../../../src/contracts/media';
import type { DbOrTx } from '../../db/client';
import { media, users } from '../../db/schema';
import { avatarUploads, userIdentifications } from '../../db/schema/profile';
import { acceptMedia, type MediaRules } from '../../kernel/media-intake';
import { sha256 } from '../../lib/crypto';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { readJson, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { authenticate, requireUser } from '../../kernel/authenticate';
import { requestBodyLimit } from '../../lib/middlewares/body-limit';
import { idempotency } from '../../kernel/idempotency';

/** Builds `POST /me/identify` (mounted under `/api/user`). */
export function profileRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/me/identify',
    documented({
      summary: 'Records the e-mail the member identifies with',
      tags: ['user'],
      body: UserIdentifySchema,
      response: UserIdentifyResponseSchema,
    }),
    async (c) => {
      const { user } = requireUser(c.get('principal'));
      const { email } = await readJson(c, UserIdentifySchema);
      await deps.db.transaction((tx) => tx.insert(userIdentifications).values({ userId: user.id, email, createdAt: deps.clock() }));
      return sendData(c, { identified: true as const });
    },
  );
}

/** Avatars: PNG, JPEG or WebP images of at most 5 MB. */
const AVATAR_RULES: MediaRules = { types: AvatarContentTypeSchema.options, limits: { ...MEDIA_SIZE_LIMITS, image: MAX_AVATAR_BYTES } };

const EXTENSION: Record<AvatarContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const ACCEPTED_UPLOAD_TYPES = /^(application\/octet-stream|image\/(png|jpeg|webp))\b/i;

/**
 * The per-member upload quota over the last 24 hours, read through `db` (a transaction to see
 * its own locks): at most `UPLOAD_DAILY_COUNT` uploads and
 * `UPLOAD_DAILY_BYTES` bytes.
 * @throws ApiError 429 TooManyRequests (with Retry-After) past the count; 413 PayloadTooLarge past the bytes
 */
async function checkUploadQuota(db: DbOrTx, deps: AppDeps, userId: string, incomingBytes: number): Promise<void> {
  const now = deps.clock();
  const since = new Date(now.getTime() - DAY_MS);
  const [used] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${avatarUploads.sizeBytes}), 0)::bigint`,
      oldest: sql<string | null>`min(${avatarUploads.createdAt})`,
    })
    .from(avatarUploads)
    .where(and(eq(avatarUploads.userId, userId), gt(avatarUploads.createdAt, since)));
  const { UPLOAD_DAILY_COUNT: maxCount, UPLOAD_DAILY_BYTES: maxBytes } = deps.env;
  if (Number(used.count) >= maxCount) {
    const retryAfter = used.oldest ? Math.max(1, Math.ceil((new Date(used.oldest).getTime() + DAY_MS - now.getTime()) / 1000)) : 3600;
    throw new ApiError(
      429,
      'TooManyRequests',
      `You can upload at most ${maxCount} images a day. Try again later.`,
      { retryAfterSeconds: retryAfter, limit: maxCount },
      {
        'Retry-After': String(retryAfter),
      },
    );
  }
  if (Number(used.bytes) + incomingBytes > maxBytes) {
    throw new ApiError(413, 'PayloadTooLarge', `You can upload at most ${formatBytes(maxBytes)} of images a day.`, {
      limitBytes: maxBytes,
      usedBytes: Number(used.bytes),
    });
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MIB = 1024 * 1024;
/** `n` bytes for people: whole MB from 1 MB up, else whole KB (at least 1). */
const formatBytes = (n: number) => (n >= MIB ? `${Math.round(n / MIB)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** Builds `POST /` and `POST /set-avatar` (mounted under `/api/media`, before the API's body limit). */
export function avatarRoutes(deps: AppDeps) {
  const guard = [authenticate(deps), idempotency(deps)] as const;
  const tooLarge = () => new ApiError(413, 'PayloadTooLarge', 'An avatar can be at most 5 MB');
  const uploadLimit = requestBodyLimit({
    maxSize: MAX_AVATAR_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  const jsonLimit = requestBodyLimit({
    maxSize: 16 * 1024,
    onError: () => {
      throw new ApiError(413, 'PayloadTooLarge', 'Request body is too large');
    },
  });

  return new Hono<AppEnv>()
    .post(
      '/',
      documented({
        summary: 'Uploads an avatar image (PNG, JPEG or WebP, at most 5 MB)',
        description:
          'The raw image bytes; the type is recognised from the bytes, not from headers. The image is stored re-encoded, without metadata.',
        tags: ['media'],
        body: { mediaTypes: ['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp'] },
        response: MediaUploadResponseSchema,
        status: 201,
        errors: {
          400: 'BadRequest: the upload is empty.',
          413: "PayloadTooLarge: larger than 5 MB, or past the member's daily upload bytes.",
          415: 'UnsupportedMediaType: not application/octet-stream or an image type, or not a PNG, JPEG or WebP image.',
          422: 'ValidationFailed: the bytes start like an image but cannot be decoded.',
          429: "TooManyRequests: past the member's daily upload count (Retry-After).",
        },
      }),
      uploadLimit,
      ...guard,
      async (c) => {
        const { user, organization } = requireUser(c.get('principal'));
        const type = c.req.header('content-type') ?? '';
        if (!ACCEPTED_UPLOAD_TYPES.test(type)) {
          throw new ApiError(415, 'UnsupportedMediaType', 'Send the image as application/octet-stream');
        }
        const bytes = new Uint8Array(await c.req.arrayBuffer());
        if (bytes.length === 0) throw badRequest('The upload is empty');
        if (bytes.length > MAX_AVATAR_BYTES) throw tooLarge();
        // The one gate of stored media: a PNG, JPEG or WebP by its bytes, re-encoded without its metadata (EXIF GPS).
        const stored = await acceptMedia(bytes, AVATAR_RULES);
        const contentType = stored.contentType as AvatarContentType;
        const digest = sha256(stored.bytes);
        await checkUploadQuota(deps.db, deps, user.id, bytes.length);
        // The bytes go to the media storage first, outside any database transaction; the row that makes them
        // visible comes second (a refused or failed insert removes the file again). The quota is checked again
        // under the member's row lock, so concurrent uploads cannot pass it together.
        const id = randomUUID();
        await deps.storage.put(id, stored.bytes);
        await deps.db
          .transaction(async (tx) => {
            await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
            await checkUploadQuota(tx, deps, user.id, bytes.length);
            await tx.insert(media).values({
              id,
              organizationId: organization.id,
              name: `avatar-${user.id}.${EXTENSION[contentType]}`,
              contentType,
              storageKey: id,
              sizeBytes: stored.bytes.length,
              width: stored.width,
              height: stored.height,
              createdAt: deps.clock(),
            });
            // The quota counts what members send, so `sizeBytes` here is the received size.
            await tx
              .insert(avatarUploads)
              .values({ mediaId: id, userId: user.id, sizeBytes: bytes.length, sha256: digest, createdAt: deps.clock() });
          })
          .catch(async (error: unknown) => {
            await deps.storage.delete(id);
            throw error;
          });
        const result: MediaUploadResult = {
          name: id,
          fileName: `${id}.${EXTENSION[contentType]}`,
          contentType,
          sizeBytes: stored.bytes.length,
          url: `${deps.env.PUBLIC_API_ORIGIN}/media/${id}`,
        };
        return sendData(c, result, 201);
      },
    )
    .post(
      '/set-avatar',
      documented({
        summary: "Makes one of the member's uploads the avatar",
        tags: ['media'],
        body: SetAvatarSchema,
        response: SetAvatarResponseSchema,
        errors: { 404: 'NotFound: no uploaded image of yours has this name.' },
      }),
      jsonLimit,
      ...guard,
      async (c) => {
        const { user } = requireUser(c.get('principal'));
        const { name } = await readJson(c, SetAvatarSchema);
        const updated = await deps.db.transaction(async (tx) => {
          const [upload] = /^[0-9a-f-]{36}$/i.test(name)
            ? await tx
                .select()
                .from(avatarUploads)
                .where(and(eq(avatarUploads.mediaId, name), eq(avatarUploads.userId, user.id)))
            : [];
          if (!upload) return false;
          await tx.update(users).set({ avatarMediaId: upload.mediaId, updatedAt: deps.clock() }).where(eq(users.id, user.id));
          return true;
        });
        if (!updated) throw notFound('No uploaded image of yours has this name');
        return sendData(c, { name, avatarUrl: `${deps.env.PUBLIC_API_ORIGIN}/media/${name}` });
      },
    );
}
