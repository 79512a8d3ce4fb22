/**
 * Fixed-window rate limiting with the counters in Postgres (ARCHITECTURE §2: no request state in memory),
 * atomic upserts (one statement for all the rules of a request), so N server processes share the limits.
 */
import { inArray, sql } from 'drizzle-orm';
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

/** One rule's counter after a hit: `allowed` when it is within the rule's limit. */
type HitRow = { rule: number; allowed: boolean; window_ms: number };

/**
 * Counts one hit in each of `rules` at `now`, in one statement: each rule's upsert is a CTE; with `stopAtRefusal`
 * a rule is counted only when the one before it allowed (the rules after a refusal are not counted).
 * @returns the rules counted, in order, with whether each allowed and its window's start (ms since the epoch)
 */
async function hitRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date, stopAtRefusal: boolean): Promise<HitRow[]> {
  if (rules.length === 0) return [];
  const nowIso = now.toISOString();
  const steps = rules.map((rule, i) => {
    const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
    const stale = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
    const gate = i > 0 && stopAtRefusal ? sql`where (select allowed from ${sql.raw(`hit${i - 1}`)})` : sql``;
    return sql`${sql.raw(`hit${i}`)} as (
      insert into ${rateLimits} (bucket, window_start, count)
      select ${rule.bucket}, ${nowIso}::timestamptz, 1 ${gate}
      on conflict (bucket) do update set
        count = case when ${stale} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${stale} then ${nowIso}::timestamptz else ${rateLimits.windowStart} end
      returning ${i}::int as rule, count <= ${rule.limit} as allowed,
        (extract(epoch from window_start) * 1000)::float8 as window_ms)`;
  });
  const answers = sql.join(rules.map((_, i) => sql`select * from ${sql.raw(`hit${i}`)}`), sql` union all `);
  // Both drivers (node-postgres, PGlite) answer raw statements as `{rows}`.
  const result = (await db.execute(sql`with ${sql.join(steps, sql`, `)} ${answers}`)) as unknown as { rows: HitRow[] };
  return result.rows.sort((a, b) => a.rule - b.rule);
}

/**
 * Hits every rule in order and stops at the first one exceeded (the rules after it are not counted); one
 * statement.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds)
 */
export async function enforceRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  const refused = (await hitRateLimits(db, rules, now, true)).find((row) => !row.allowed);
  if (refused) throw tooManyRequests(Math.max(0, refused.window_ms + rules[refused.rule].windowMs - now.getTime()) / 1000);
}

/**
 * Refuses when any of `rules` has no allowance left, counting nothing: for limits that only count failures,
 * which must still refuse before the attempt once the allowance is spent. One statement.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds), for the first rule (in order) without allowance
 */
export async function checkRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  if (rules.length === 0) return;
  const rows = await db
    .select({ bucket: rateLimits.bucket, count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(inArray(rateLimits.bucket, rules.map((r) => r.bucket)));
  for (const rule of rules) {
    const row = rows.find((r) => r.bucket === rule.bucket);
    if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime() || row.count < rule.limit) continue;
    throw tooManyRequests(Math.max(0, row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000);
  }
}

/** Counts one hit in each of `rules` (failures already answered; nothing is refused here); one statement. */
export async function countRateLimitHits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  await hitRateLimits(db, rules, now, false);
}
