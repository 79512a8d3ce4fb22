/**
 * The one retry policy of the PWA (spec §7, ARCHITECTURE §5, docs/decisions/0046-retries-and-reconnect-jitter.md).
 * TanStack Query's retryer owns every retry: queries take `shouldRetryRequest`/`retryDelayMs` as defaults, a
 * mutation whose variables carry its Idempotency-Key spreads `replayableMutationRetry`, and the offline queue
 * builds its longer budget on `isRetryableFailure` and `retryDelayMs`. The HTTP client never retries; it only
 * records on the error what this module needs (the status, whether the request may be sent again, `Retry-After`).
 *
 * Retryable: no HTTP answer (network failure), or one of `RETRYABLE_STATUSES`, for a request that may be sent
 * again: a GET/HEAD (idempotent read) or a payload method carrying an Idempotency-Key.
 * Delay: the server's `Retry-After` (seconds or HTTP date, at most `MAX_RETRY_AFTER_MS`) plus exponential
 * backoff with full jitter (a random wait in [0, min(30 s, 1 s × 2^n))), so a crowd of phones that failed
 * together does not come back together.
 */
import { ApiError, NetworkError } from './errors';

/** HTTP statuses worth another attempt (spec §7: 408, 409, 425, 429, 500, 502, 503, 504). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Retries a query, or a mutation that opts in, gets after its first failure (spec §7: "retried once"). */
const MAX_REQUEST_RETRIES = 1;

/** First backoff window, in ms; it doubles with every failure. */
const BACKOFF_BASE_MS = 1_000;
/** Largest backoff window, in ms. */
export const BACKOFF_MAX_MS = 30_000;
/** Longest `Retry-After` honoured, in ms: a misconfigured header cannot park a screen or the queue for hours. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Whether `error` means the request got no HTTP answer (offline, DNS, reset connection, abort or timeout): the
 * server never decided. Takes any thrown value; never throws.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  if (error && typeof error === 'object' && 'name' in error) {
    const name = String((error as { name: unknown }).name);
    return name === 'NetworkError' || name === 'AbortError' || name === 'TimeoutError';
  }
  return false;
}

/** The HTTP status carried by `error` (`ApiError.status`, or a numeric `status` field), else undefined. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/**
 * Whether a failed attempt may be tried again (spec §7). Takes any thrown value; returns true for a network
 * failure or a `RETRYABLE_STATUSES` answer, unless the HTTP client marked the request as not replayable (a
 * payload method without an Idempotency-Key). Never throws.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error && typeof error === 'object' && 'replayable' in error && error.replayable === false) return false;
  const status = statusOf(error);
  if (status !== undefined) return RETRYABLE_STATUSES.has(status);
  return isNetworkFailure(error);
}

/**
 * Reads a `Retry-After` header value (RFC 9110: delay in seconds, or an HTTP date).
 * Takes the header (null when absent) and the current time in ms since the epoch; returns the wait in ms
 * (0 for a date in the past, at most `MAX_RETRY_AFTER_MS`), or undefined when absent or unreadable.
 * The date goes through the platform's `Date.parse`, which reads the IMF-fixdate form HTTP uses (no date
 * library).
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/**
 * Exponential backoff with full jitter. Takes TanStack's `failureCount` (0 before the first retry) and a random
 * source in [0, 1); returns a wait in ms, uniformly drawn in [0, min(`BACKOFF_MAX_MS`, 1 s × 2^failureCount)).
 */
export function backoffDelayMs(failureCount: number, random: () => number = Math.random): number {
  const window = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failureCount));
  return Math.floor(random() * window);
}

/**
 * TanStack Query `retryDelay`: the error's `Retry-After` (if any) plus `backoffDelayMs`, so the wait is never
 * shorter than the server asked and a crowd told the same `Retry-After` still spreads out.
 * Takes the failure count (0 before the first retry), the error and an optional random source; returns ms.
 */
export function retryDelayMs(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const retryAfter = error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0;
  return retryAfter + backoffDelayMs(failureCount, random);
}

/**
 * TanStack Query `retry` for queries and opted-in mutations: `MAX_REQUEST_RETRIES` more attempt(s) for a
 * retryable failure (spec §7). Takes the failure count (0 on the first failure) and the error.
 */
export function shouldRetryRequest(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_REQUEST_RETRIES && isRetryableFailure(error);
}

/**
 * Retry options for a mutation whose variables carry its Idempotency-Key, so every attempt resends the same key
 * and the server applies it at most once (ARCHITECTURE §4-§5). Spread into `useMutation({...})`. A mutation that
 * creates its key inside `mutationFn` must not use it: a retry would send a new key.
 */
export const replayableMutationRetry = { retry: shouldRetryRequest, retryDelay: retryDelayMs } as const;
