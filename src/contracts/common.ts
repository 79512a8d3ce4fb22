/**
 * Wire-format building blocks shared by the API server and the PWA.
 * Rule source: ARCHITECTURE.md §5 (every success is `{data}`, every error is `{error: {code, message, details?}}`).
 * Imports only zod (ARCHITECTURE.md §7).
 */
import { z } from 'zod';

/**
 * True when `value` can be stored as PostgreSQL text/jsonb: no NUL (U+0000) and no unpaired UTF-16 surrogate.
 * PostgreSQL refuses such text, so letting it through would answer 500 instead of 422.
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

/** The one schema of free text in requests: any string without NUL or unpaired surrogates. */
export const TextSchema = z.string().refine(isStorableText, 'Text must not contain NUL or unpaired surrogate characters');

/** Earliest and latest instants accepted (years 0001-9999: what PostgreSQL and JavaScript both represent as ISO text). */
const EARLIEST_MS = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_MS = Date.parse('9999-12-31T23:59:59.999Z');
const inRange = (value: string) => {
  const ms = Date.parse(value);
  return ms >= EARLIEST_MS && ms <= LATEST_MS;
};

/** ISO-8601 timestamp with offset, e.g. `2026-11-22T10:00:00.000Z`, between years 0001 and 9999 in UTC. */
export const TimestampSchema = z.iso.datetime({ offset: true }).max(40).refine(inRange, 'Date is out of range (years 0001-9999)');

/** An image's id, served at `/api/media/{id}`, or null when there is no image. */
export const MediaIdSchema = z.string().max(64).nullable();

/** Calendar date `YYYY-MM-DD` (birthdays, check-in days), years 0001-9999. */
export const DateOnlySchema = z.iso
  .date()
  .max(10)
  .refine((v) => inRange(`${v}T00:00:00Z`), 'Date is out of range (years 0001-9999)');

/** Deepest nesting accepted in free-form JSON (an object holding an object counts 2). */
export const MAX_JSON_DEPTH = 16;

/**
 * Why a free-form JSON value is refused, or null when it is fine: deeper than `MAX_JSON_DEPTH`, a key or string
 * that is not storable text, or larger than `maxBytes` as JSON (UTF-8).
 */
function jsonProblem(value: unknown, maxBytes: number): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return 'Text must not contain NUL or unpaired surrogate characters';
    } else if (item !== null && typeof item === 'object') {
      if (depth > MAX_JSON_DEPTH) return `Nested deeper than ${MAX_JSON_DEPTH} levels`;
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return 'Keys must not contain NUL or unpaired surrogate characters';
        stack.push([child, depth + 1]);
      }
    }
  }
  if (new TextEncoder().encode(JSON.stringify(value)).length > maxBytes) return `Larger than ${maxBytes} bytes as JSON`;
  return null;
}

/**
 * A free-form JSON object (member `properties`, consent `data`) bounded in depth, size and text.
 * @param maxBytes largest accepted size as UTF-8 JSON
 */
export function jsonObjectSchema(maxBytes: number) {
  return z.record(TextSchema.max(maxBytes), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonProblem(value, maxBytes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * An id in a request path: a UUID, a slug or a key (letters, digits, `_`, `-`; 1-64). Anything else names
 * nothing, so routes answer 404 before any query.
 */
export const PathIdSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an id');

/** Wraps a payload schema in the `{data: ...}` success envelope. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/**
 * Machine-readable error codes. HTTP status is carried by the response itself.
 * `ChallengeSubmission` (422), `InsufficientPoints` (422) and `StoryChapterView` (422) map to the
 * spec §8 client errors.
 */
export const ErrorCodeSchema = z.enum([
  'BadRequest',
  'ValidationFailed',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'PayloadTooLarge',
  'RequestHeaderFieldsTooLarge',
  'RequestTimeout',
  'UnsupportedMediaType',
  'TooManyRequests',
  'IdempotencyKeyReused',
  'IdempotencyKeyInFlight',
  'InvalidCode',
  'CodeUsedUp',
  'ChallengeSubmission',
  'ResultsUnavailable',
  'InsufficientPoints',
  'StoryChapterView',
  'NotLive',
  'ResultNotApplicable',
  'Underage',
  'BirthdayImmutable',
  'CheckinTime',
  'NotEnded',
  'NotDrawn',
  'NotWinner',
  'ClaimExpired',
  'ClaimPeriodOpen',
  'AlreadyClaimed',
  'AlreadyReplaced',
  'NoEntriesLeft',
  'AccountSuspended',
  'NegativeBalance',
  'LastOperator',
  'LeagueFull',
  'SeasonOrder',
  'VenueCodeInvalid',
  'VenueScanTime',
  'VenueClosed',
  'VenueCodeExpired',
  'VenueScanLate',
  'ReferralOwnCode',
  'ReferralAlreadyClaimed',
  'ReferralWindowClosed',
  'ReferralUnknownCode',
  'NotScheduled',
  'PushEndpointRefused',
  'MemberPassInvalid',
  'ServiceUnavailable',
  'Internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The one error body of the API: `{error: {code, message, details?}}`. */
export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** Header names used across the API (defined in ./constants, which loads no zod). */
export { HEADER_IDEMPOTENCY_KEY, HEADER_ORG_TOKEN } from './constants';
