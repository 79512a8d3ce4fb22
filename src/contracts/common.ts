/**
 * Wire-format building blocks shared by the API server and the PWA.
 * Rule source: ARCHITECTURE.md §5 (every success is `{data}`, every error is `{error: {code, message, details?}}`).
 * Imports only zod (ARCHITECTURE.md §7).
 */
import { z } from 'zod';

/** ISO-8601 timestamp with offset, e.g. `2026-11-22T10:00:00.000Z`. */
export const TimestampSchema = z.iso.datetime({ offset: true });

/** Calendar date `YYYY-MM-DD` (birthdays, check-in days). */
export const DateOnlySchema = z.iso.date();

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
  'UnsupportedMediaType',
  'TooManyRequests',
  'IdempotencyKeyReused',
  'IdempotencyKeyInFlight',
  'InvalidCode',
  'ChallengeSubmission',
  'InsufficientPoints',
  'StoryChapterView',
  'NotLive',
  'Underage',
  'BirthdayImmutable',
  'CheckinTime',
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
