/**
 * Deletes rows that can no longer matter: expired Idempotency-Key records, sessions and sign-in codes, and
 * rate-limit windows older than a day. Run hourly by `server/main.ts`.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyRecords, otpCodes, rateLimits, sessions } from '../db/schema';

export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now));
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo));
}
