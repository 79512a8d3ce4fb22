/**
 * Deletes rows that can no longer matter: expired Idempotency-Key records, sessions and sign-in codes,
 * rate-limit windows older than a day, push deliveries older than a week (a push job is resumed within a day,
 * decision 0094), and uploads older than a day that no member uses as an avatar (their bytes too, decision 0041).
 * Run hourly by the `housekeeping` job (`server/jobs/`).
 */
import { and, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyRecords, media, otpCodes, pushDeliveries, rateLimits, sessions, users } from '../db/schema';
import { avatarUploads } from '../db/schema/profile';
import type { MediaStorage } from '../lib/storage/media-object';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Purges what expired at `now`; with `storage`, also the unused uploads (see `purgeUnusedUploads`). */
export async function purgeExpired(db: Db, now: Date, storage?: MediaStorage): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo));
  await db.delete(pushDeliveries).where(lt(pushDeliveries.createdAt, new Date(now.getTime() - 7 * DAY_MS)));
  if (storage) await purgeUnusedUploads(db, storage, now);
}

/**
 * Deletes uploads made more than a day before `now` that no member has as avatar: the `media` row (its
 * `avatar_uploads` row cascades) first, then the bytes in `storage`.
 * @returns how many uploads were deleted
 */
export async function purgeUnusedUploads(db: Db, storage: MediaStorage, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const unused = db
    .select({ id: avatarUploads.mediaId })
    .from(avatarUploads)
    .where(
      and(
        lt(avatarUploads.createdAt, dayAgo),
        notExists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(sql`${users.avatarMediaId} = ${avatarUploads.mediaId}`),
        ),
      ),
    );
  const deleted = await db.delete(media).where(inArray(media.id, unused)).returning({ storageKey: media.storageKey });
  for (const { storageKey } of deleted) if (storageKey) await storage.delete(storageKey);
  return deleted.length;
}
