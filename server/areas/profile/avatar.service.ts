/**
 * A member's avatar and identification (spec §7): the upload of an avatar image through the one media gate
 * (`acceptMedia`, decision 0074) within the member's daily quota, the choice of one of their uploads as the avatar,
 * and the e-mail they identify with.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { MEDIA_SIZE_LIMITS } from '../../../src/contracts/admin/media';
import { AvatarContentTypeSchema, MAX_AVATAR_BYTES, type AvatarContentType, type MediaUploadResult } from '../../../src/contracts/media';
import type { DbOrTx } from '../../db/client';
import { media, users } from '../../db/schema';
import { avatarUploads, userIdentifications } from '../../db/schema/profile';
import { acceptMedia, type MediaRules } from '../../kernel/media-intake';
import type { AppDeps } from '../../kernel/types';
import { sha256 } from '../../lib/crypto';
import { isUuid } from '../../lib/ids';
import { ApiError, notFound } from '../../lib/errors';

/** Avatars: PNG, JPEG or WebP images of at most 5 MB. */
const AVATAR_RULES: MediaRules = { types: AvatarContentTypeSchema.options, limits: { ...MEDIA_SIZE_LIMITS, image: MAX_AVATAR_BYTES } };

const EXTENSION: Record<AvatarContentType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

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

/** Records the e-mail the member `userId` identifies with (`POST /api/user/me/identify`). */
export async function recordIdentification(deps: AppDeps, userId: string, email: string): Promise<void> {
  await deps.db.transaction((tx) => tx.insert(userIdentifications).values({ userId, email, createdAt: deps.clock() }));
}

/**
 * Stores `bytes` as an avatar upload of the member `userId`: recognised as PNG, JPEG or WebP by its bytes and
 * re-encoded without metadata, the bytes in the media storage first and then the rows that make them visible (a
 * refused or failed insert removes the file again), the quota checked before and again under the member's row lock.
 * @param input.bytes the received body, not empty and at most `MAX_AVATAR_BYTES`
 * @returns the stored upload as `POST /api/media` answers it
 * @throws ApiError 415 UnsupportedMediaType (not an accepted image), 422 ValidationFailed (undecodable), 429
 *   TooManyRequests or 413 PayloadTooLarge past the daily quota
 */
export async function storeAvatar(
  deps: AppDeps,
  input: { userId: string; organizationId: string; bytes: Uint8Array },
): Promise<MediaUploadResult> {
  const { userId, organizationId, bytes } = input;
  // The one gate of stored media: a PNG, JPEG or WebP by its bytes, re-encoded without its metadata (EXIF GPS).
  const stored = await acceptMedia(bytes, AVATAR_RULES);
  const contentType = stored.contentType as AvatarContentType;
  const digest = sha256(stored.bytes);
  await checkUploadQuota(deps.db, deps, userId, bytes.length);
  // The bytes go to the media storage first, outside any database transaction; the row that makes them
  // visible comes second (a refused or failed insert removes the file again). The quota is checked again
  // under the member's row lock, so concurrent uploads cannot pass it together.
  const id = randomUUID();
  await deps.storage.put(id, stored.bytes);
  await deps.db
    .transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await checkUploadQuota(tx, deps, userId, bytes.length);
      await tx.insert(media).values({
        id,
        organizationId,
        name: `avatar-${userId}.${EXTENSION[contentType]}`,
        contentType,
        storageKey: id,
        sizeBytes: stored.bytes.length,
        width: stored.width,
        height: stored.height,
        createdAt: deps.clock(),
      });
      // The quota counts what members send, so `sizeBytes` here is the received size.
      await tx.insert(avatarUploads).values({ mediaId: id, userId, sizeBytes: bytes.length, sha256: digest, createdAt: deps.clock() });
    })
    .catch(async (error: unknown) => {
      await deps.storage.delete(id);
      throw error;
    });
  return {
    name: id,
    fileName: `${id}.${EXTENSION[contentType]}`,
    contentType,
    sizeBytes: stored.bytes.length,
    url: `${deps.env.PUBLIC_API_ORIGIN}/media/${id}`,
  };
}

/**
 * Makes the upload `name` of the member `userId` their avatar.
 * @throws ApiError 404 NotFound when no upload of theirs has this name
 */
export async function setAvatar(deps: AppDeps, userId: string, name: string): Promise<void> {
  const updated = await deps.db.transaction(async (tx) => {
    const [upload] = isUuid(name)
      ? await tx
          .select()
          .from(avatarUploads)
          .where(and(eq(avatarUploads.mediaId, name), eq(avatarUploads.userId, userId)))
      : [];
    if (!upload) return false;
    await tx.update(users).set({ avatarMediaId: upload.mediaId, updatedAt: deps.clock() }).where(eq(users.id, userId));
    return true;
  });
  if (!updated) throw notFound('No uploaded image of yours has this name');
}
