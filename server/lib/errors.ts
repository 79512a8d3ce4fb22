/**
 * API errors: one class carrying HTTP status + machine code + message (+ details), rendered by the app's one
 * `onError` as `{error: {code, message, details?}}` (ARCHITECTURE §5). Use the helpers below rather than
 * building statuses by hand.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../src/contracts/common';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message = 'Bad request') => new ApiError(400, 'BadRequest', message);
export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, 'Unauthorized', message);
export const forbidden = (message = 'Forbidden') => new ApiError(403, 'Forbidden', message);
export const notFound = (message = 'Not found') => new ApiError(404, 'NotFound', message);
export const conflict = (message: string) => new ApiError(409, 'Conflict', message);
export const validationFailed = (message: string, details?: unknown) => new ApiError(422, 'ValidationFailed', message, details);
/**
 * 429 with `Retry-After` in whole seconds; `limit`, when given, names the limit reached in `details.limit`, so that
 * the app can say which (e.g. a day's codes for one mailbox, or a busy shared address).
 */
export const tooManyRequests = (retryAfterSeconds: number, limit?: string) =>
  new ApiError(
    429,
    'TooManyRequests',
    'Too many requests, try again later',
    limit === undefined ? { retryAfterSeconds } : { retryAfterSeconds, limit },
    {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    },
  );
