/**
 * Wire constants that carry no schema: header names, rank codes and challenge subtypes.
 * This module imports nothing, so the PWA's first screen can use them without loading zod
 * (docs/decisions/0006-first-load-budget.md). The zod contracts re-export them.
 */

/** Header carrying `organization.token` on every call after `GET /organization/current` (spec §7). */
export const HEADER_ORG_TOKEN = 'x-org-token';
/** Header carrying the client-made idempotency key of a mutation (ARCHITECTURE §4). */
export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';

/**
 * Product analytics host when the runtime config has a key but no host: the PWA sends events there, and the
 * server's Content-Security-Policy allows it.
 */
export const DEFAULT_ANALYTICS_HOST = 'https://us.i.posthog.com';

/** Rank codes from lowest (P10) to highest (P1) (spec §9). */
export const RANK_CODES = ['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1'] as const;
export type RankCode = (typeof RANK_CODES)[number];

/** Challenge subtypes (spec §3); display names Polls, Pick'ems, Arcade, Quizzes, Keyword live in locales. */
export const CHALLENGE_SUBTYPES = ['poll', 'pickem', 'arcade', 'trivia', 'keyword'] as const;
export type ChallengeSubtype = (typeof CHALLENGE_SUBTYPES)[number];

/** True when `value` is one of the challenge subtypes. */
export function isChallengeSubtype(value: string): value is ChallengeSubtype {
  return (CHALLENGE_SUBTYPES as readonly string[]).includes(value);
}
