/**
 * Fixed-window rate limiting with the counters in Postgres (ARCHITECTURE §2: no request state in memory),
 * atomic upserts (one statement for all the rules of a request), so N server processes share the limits.
 */
import { sql, type SQL } from 'drizzle-orm';
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
export type HitRow = { rule: number; allowed: boolean; window_ms: number };

/**
 * The common table expressions that count one hit in each of `rules` at `now` (`hit0`, `hit1`, …, each an upsert),
 * followed by `hits`: the rules counted, in order, with whether each allowed and its window's start. With
 * `stopAtRefusal` a rule is counted only when the one before it allowed (the rules after a refusal are not counted).
 * For a statement of its own (`hitRateLimits`) or the head of a larger one that acts only when every rule allowed
 * (`not exists (select 1 from hits where not allowed)`).
 * @param rules at least one rule
 */
export function rateLimitHits(rules: RateLimitRule[], now: Date, stopAtRefusal: boolean): SQL {
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
  return sql`${sql.join(steps, sql`, `)}, hits as (${answers})`;
}

/**
 * Counts one hit in each of `rules` at `now`, in one statement (`rateLimitHits`).
 * @returns the rules counted, in order, with whether each allowed and its window's start (ms since the epoch)
 */
async function hitRateLimits(db: DbOrTx, rules: RateLimitRule[], now: Date, stopAtRefusal: boolean): Promise<HitRow[]> {
  if (rules.length === 0) return [];
  // Both drivers (node-postgres, PGlite) answer raw statements as `{rows}`.
  const result = (await db.execute(sql`with ${rateLimitHits(rules, now, stopAtRefusal)} select * from hits`)) as unknown as { rows: HitRow[] };
  return result.rows.sort((a, b) => a.rule - b.rule);
}

/**
 * Refuses the first of `hits` (rows of `hits`, in any order) that did not allow.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds)
 */
export function refuseOverLimit(rules: RateLimitRule[], hits: HitRow[], now: Date): void {
  const refused = [...hits].sort((a, b) => a.rule - b.rule).find((row) => !row.allowed);
  if (refused) throw tooManyRequests(Math.max(0, refused.window_ms + rules[refused.rule].windowMs - now.getTime()) / 1000);
}

/** A rule's counter as stored: hits in the window that started at `windowStart`. */
export type RateLimitCounter = { bucket: string; count: number; windowStart: Date };

/**
 * Refuses when any of `rules` has no allowance left in `counters` (the rules' rows of `rate_limits`), counting
 * nothing: for limits that only count failures, which must still refuse before the attempt once the allowance is
 * spent.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds), for the first rule (in order) without allowance
 */
export function refuseExhausted(rules: RateLimitRule[], counters: RateLimitCounter[], now: Date): void {
  for (const rule of rules) {
    const row = counters.find((r) => r.bucket === rule.bucket);
    if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime() || row.count < rule.limit) continue;
    throw tooManyRequests(Math.max(0, row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000);
  }
}

/** Counts one hit in each of `rules` (failures already answered; nothing is refused here); one statement. */
export async function countRateLimitHits(db: DbOrTx, rules: RateLimitRule[], now: Date): Promise<void> {
  await hitRateLimits(db, rules, now, false);
}
