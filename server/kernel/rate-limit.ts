/**
 * Fixed-window rate limiting with the counters in Postgres (ARCHITECTURE §2: no request state in memory),
 * atomic upserts (one statement for all the rules of a request), so N server processes share the limits.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { prepareStatement } from '../db/runtime';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

export type RateLimitRule = {
  /** What is limited, e.g. `otp-email:<org>:<email>`. */
  bucket: string;
  /** Allowed hits per window. */
  limit: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** Told to the client in a refusal's `details.limit` (see `tooManyRequests`); unnamed limits say nothing. */
  name?: string;
};

/** One rule's counter after a hit: `allowed` when it is within the rule's limit. */
export type HitRow = { rule: number; allowed: boolean; window_ms: number };

/**
 * The common table expressions that count one hit in each of `count` rules (`hit0`, `hit1`, …, each an upsert),
 * followed by `hits`: the rules counted, in order, with whether each allowed and its window's start. With
 * `stopAtRefusal` a rule is counted only when the one before it allowed (the rules after a refusal are not counted).
 * For the head of a statement that acts only when every rule allowed (`not exists (select 1 from hits where not
 * allowed)`). Its values are placeholders, so the statement is built and prepared once: fill them
 * with `rateLimitValues`.
 * @param count at least one rule
 */
export function rateLimitHits(count: number, stopAtRefusal: boolean): SQL {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const steps = Array.from({ length: count }, (_, i) => {
    const stale = sql`${rateLimits.windowStart} <= ${sql.placeholder(`cutoff${i}`)}::timestamptz`;
    const gate = i > 0 && stopAtRefusal ? sql`where (select allowed from ${sql.raw(`hit${i - 1}`)})` : sql``;
    return sql`${sql.raw(`hit${i}`)} as (
      insert into ${rateLimits} (bucket, window_start, count)
      select ${sql.placeholder(`bucket${i}`)}::text, ${now}, 1 ${gate}
      on conflict (bucket) do update set
        count = case when ${stale} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${stale} then ${now} else ${rateLimits.windowStart} end
      returning ${sql.raw(String(i))}::int as rule, count <= ${sql.placeholder(`limit${i}`)}::int as allowed,
        (extract(epoch from window_start) * 1000)::float8 as window_ms)`;
  });
  const answers = sql.join(
    steps.map((_, i) => sql`select * from ${sql.raw(`hit${i}`)}`),
    sql` union all `,
  );
  return sql`${sql.join(steps, sql`, `)}, hits as (${answers})`;
}

/**
 * The placeholder values of `rateLimitHits` for `rules` at `now`: `now`, and per rule i `bucket<i>`, `limit<i>`
 * and `cutoff<i>` (the start of the oldest window still running, ISO).
 */
export function rateLimitValues(rules: RateLimitRule[], now: Date): Record<string, string | number> {
  const values: Record<string, string | number> = { now: now.toISOString() };
  rules.forEach((rule, i) => {
    values[`bucket${i}`] = rule.bucket;
    values[`limit${i}`] = rule.limit;
    values[`cutoff${i}`] = new Date(now.getTime() - rule.windowMs).toISOString();
  });
  return values;
}

/**
 * Refuses the first of `hits` (rows of `hits`, in any order) that did not allow.
 * @throws ApiError 429 TooManyRequests with `Retry-After` (seconds) and the rule's `name` in `details.limit`
 */
export function refuseOverLimit(rules: RateLimitRule[], hits: HitRow[], now: Date): void {
  const refused = [...hits].sort((a, b) => a.rule - b.rule).find((row) => !row.allowed);
  if (!refused) return;
  const rule = rules[refused.rule];
  throw tooManyRequests(Math.max(0, refused.window_ms + rule.windowMs - now.getTime()) / 1000, rule.name);
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
    throw tooManyRequests(Math.max(0, row.windowStart.getTime() + rule.windowMs - now.getTime()) / 1000, rule.name);
  }
}

/**
 * Takes back the hit `hit` counted in `rule` (a row of `hits` for that rule), for a limit that counts every attempt
 * up front so that parallel attempts cannot overtake it, when the attempt turned out not to be a failure. Nothing
 * changes once that window has ended (a new window started meanwhile).
 */
export async function forgiveHit(db: DbOrTx, rule: RateLimitRule, hit: HitRow): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.bucket, rule.bucket), eq(rateLimits.windowStart, new Date(hit.window_ms))));
}

/**
 * The rate-limit statements, prepared once per database: `failureHit` counts one hit of one rule,
 * `rateLimitValues([rule], now)` -> its row of `hits`. The failure limits of sign-in codes, venue codes, member
 * passes and referral codes all count with it.
 */
export function prepareRateLimitStatements(db: Db) {
  return {
    failureHit: prepareStatement<HitRow>(db, 'podium_failure_hit', sql`with ${rateLimitHits(1, false)} select * from hits`),
  };
}
