/**
 * Fixed-window rate limiting with the counters in Postgres (ARCHITECTURE §2: no request state in memory),
 * one atomic upsert per hit, so N server processes share the limits.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

export type RateLimitRule = {
  /** What is limited, e.g. `otp-email:<org>:<email>`. */
  bucket: string;
  /** Allowed hits per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
};

/**
 * Counts one hit in `rule.bucket` at `now`.
 * @returns `{allowed, retryAfterMs}`: retryAfterMs is the time until the window resets (0 when allowed)
 */
async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, now: Date) {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const stale = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: rule.bucket, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        count: sql`CASE WHEN ${stale} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${stale} THEN ${nowIso}::timestamptz ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const allowed = row.count <= rule.limit;
  const retryAfterMs = allowed ? 0 : Math.max(0, row.windowStart.getTime() + rule.windowMs - now.getTime());
  return { allowed, retryAfterMs };
}

/**
 * Hits every rule in order and stops at the first one exceeded.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds)
 */
export async function enforceRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  for (const rule of rules) {
    const { allowed, retryAfterMs } = await hitRateLimit(db, rule, now);
    if (!allowed) throw tooManyRequests(retryAfterMs / 1000);
  }
}

/**
 * Reads `rule.bucket` at `now` without counting a hit: for limits that only count failures, which must still
 * refuse before the attempt once the allowance is spent.
 * @returns `{allowed, retryAfterMs}` as `hitRateLimit`, where allowed means fewer than `rule.limit` hits so far
 */
async function peekRateLimit(db: DbOrTx, rule: RateLimitRule, now: Date) {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.bucket, rule.bucket));
  if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime() || row.count < rule.limit) {
    return { allowed: true, retryAfterMs: 0 };
  }
  return { allowed: false, retryAfterMs: Math.max(0, row.windowStart.getTime() + rule.windowMs - now.getTime()) };
}

/**
 * Refuses when any of `rules` has no allowance left, counting nothing.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds)
 */
export async function checkRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  for (const rule of rules) {
    const { allowed, retryAfterMs } = await peekRateLimit(db, rule, now);
    if (!allowed) throw tooManyRequests(retryAfterMs / 1000);
  }
}

/** Counts one hit in each of `rules` (failures already answered; nothing is refused here). */
export async function countRateLimitHits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  for (const rule of rules) await hitRateLimit(db, rule, now);
}
