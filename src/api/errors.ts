/**
 * Typed errors of the HTTP client (spec §8, ARCHITECTURE §5). Every non-2xx answer becomes an `ApiError`
 * (or one of its subclasses, chosen by status and the body's `error.code`); a request that never got an
 * answer becomes a `NetworkError`.
 */

/**
 * What the HTTP client records about a failed request for the retry policy (`./retry-policy.ts`).
 * `replayable`: the request may be sent again (a GET/HEAD, or a payload method with an Idempotency-Key).
 * `retryAfterMs`: the answer's `Retry-After`, in ms from when it arrived.
 */
interface RetryHints {
  replayable?: boolean;
  retryAfterMs?: number;
}

/** Any non-2xx API answer. `status` is the HTTP status; `code`/`message` come from `{error: {code, message}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Whether the request may be sent again (see `RetryHints`); undefined when not known. */
  readonly replayable: boolean | undefined;
  /** The answer's `Retry-After` in ms, when it had one. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, code: string, message: string, details?: unknown, hints: RetryHints = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.replayable = hints.replayable;
    this.retryAfterMs = hints.retryAfterMs;
  }
}

/** 401: no valid session (spec §8: on `GET /user/me` it means "no current user"). */
export class UnauthorizedError extends ApiError {
  constructor(message = 'Unauthorized', code = 'Unauthorized', details?: unknown) {
    super(401, code, message, details);
    this.name = 'UnauthorizedError';
  }
}

/** 404: the resource does not exist. */
export class NotFoundError extends ApiError {
  constructor(message = 'Not found', code = 'NotFound', details?: unknown) {
    super(404, code, message, details);
    this.name = 'NotFoundError';
  }
}

/**
 * The base of a 422 refusal with its own spec §8 code, so that callers tell refusals apart with `instanceof`.
 * Takes the code, the default message and the error's `name`; returns the class to extend.
 */
function refusal(code: string, defaultMessage: string, name: string) {
  return class extends ApiError {
    constructor(message = defaultMessage, details?: unknown) {
      super(422, code, message, details);
      this.name = name;
    }
  };
}

/** 422 `ChallengeSubmission`: the answer was refused (expired, not visible, invalid option) (spec §8). */
export class ChallengeSubmissionError extends refusal('ChallengeSubmission', 'Challenge submission failed', 'ChallengeSubmissionError') {}

/** 422 `InsufficientPoints`: not enough points for a sweepstake entry (spec §8). */
export class InsufficientPointsError extends refusal('InsufficientPoints', 'Not enough points', 'InsufficientPointsError') {}

/** 422 `StoryChapterView`: spec §8 'Error marking story chapter as watched'. */
export class StoryChapterViewError extends refusal('StoryChapterView', 'Error marking story chapter as watched', 'StoryChapterViewError') {}

/** The request got no HTTP answer (offline, DNS, CORS, aborted connection). */
export class NetworkError extends Error {
  /** Whether the request may be sent again (see `RetryHints`); undefined when not known. */
  readonly replayable: boolean | undefined;
  constructor(message = 'Network request failed', options?: { cause?: unknown; replayable?: boolean }) {
    super(message, options);
    this.name = 'NetworkError';
    this.replayable = options?.replayable;
  }
}

/** The server answered 2xx but the body did not match the expected zod schema. */
export class InvalidResponseError extends ApiError {
  constructor(status: number, message: string, details?: unknown) {
    super(status, 'InvalidResponse', message, details);
    this.name = 'InvalidResponseError';
  }
}

/**
 * Maps an error answer to the matching typed error.
 * Takes the HTTP status, the parsed `{error: {code, message, details}}` (or null when the body was not
 * that shape), the status text and the retry hints; returns the error instance (never throws). The typed 4xx
 * subclasses are never retried, so only the generic `ApiError` keeps the hints.
 */
export function toApiError(
  status: number,
  body: { code: string; message: string; details?: unknown } | null,
  statusText = '',
  hints: RetryHints = {},
): ApiError {
  const code = body?.code ?? (status === 401 ? 'Unauthorized' : status === 404 ? 'NotFound' : `Http${status}`);
  const message = body?.message ?? (statusText || `HTTP ${status}`);
  const details = body?.details;
  if (status === 401) return new UnauthorizedError(message, code, details);
  if (status === 404) return new NotFoundError(message, code, details);
  if (status === 422 && code === 'ChallengeSubmission') return new ChallengeSubmissionError(message, details);
  if (status === 422 && code === 'InsufficientPoints') return new InsufficientPointsError(message, details);
  if (status === 422 && code === 'StoryChapterView') return new StoryChapterViewError(undefined, details);
  return new ApiError(status, code, message, details, hints);
}
