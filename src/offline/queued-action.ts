/**
 * Queued (offline-capable) actions: the variables captured when the fan acts, and the retry/drop policy
 * applied while the action waits in the persisted mutation queue.
 *
 * Rule sources: ARCHITECTURE §4 (every mutation carries an `Idempotency-Key`, created when the action is first
 * queued; the server replays the stored answer), §5 (a queued check-in carries the time it was made), §6 (paused
 * mutations persist and replay on reconnect), decision 0005 (a replay the server rejects for a business reason is
 * dropped with a toast, not retried forever; one failure does not block the rest of the queue).
 * Decision record: docs/decisions/0005-offline-model.md.
 */
import { ApiError, NetworkError } from '../api/errors';

/** Variables every queued action carries, created once when the fan acts (never on replay). */
export interface QueuedActionVariables {
  /** UUID sent as the `Idempotency-Key` header on every attempt, so a replay is applied at most once. */
  idempotencyKey: string;
  /** ISO-8601 time of the tap (UTC), sent as `occurredAt` where the API honours it (check-in). */
  occurredAt: string;
}

/**
 * Creates the variables of a new queued action.
 * Takes an optional clock (tests); returns `{idempotencyKey: crypto.randomUUID(), occurredAt: now as ISO}`.
 */
export function newQueuedActionVariables(now: () => Date = () => new Date()): QueuedActionVariables {
  return { idempotencyKey: crypto.randomUUID(), occurredAt: now().toISOString() };
}

/** Marker put in `meta` of every offline-capable mutation (see `queuedMutationDefaults`). */
const QUEUED_MUTATION_META = { offlineQueue: true } as const;

/** Attempts after which a transient server answer (5xx, 408, 409, 425, 429) gives up: about 5 minutes of backoff. */
export const MAX_TRANSIENT_ATTEMPTS = 12;
/** Attempts after which repeated network failures while "online" give up (each pauses while offline first). */
export const MAX_NETWORK_ATTEMPTS = 30;
/** Backoff bounds of queued retries, in milliseconds. */
const RETRY_BASE_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 30_000;

/** HTTP statuses that mean "try again later" for a request carrying an Idempotency-Key. */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** What the queue does with a failed attempt. */
type QueuedFailureKind = 'network' | 'transient' | 'rejected';

/** Reads an HTTP status from an error (`ApiError.status`, or a `status` field on a plain object). */
function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/**
 * Classifies a failed attempt of a queued action.
 * - `network`: no HTTP answer (`NetworkError`, a fetch `TypeError`, an abort/timeout): the server never decided.
 * - `transient`: 408, 409 (the same key still in flight), 425, 429 and every 5xx: the server may accept later.
 * - `rejected`: any other 4xx (401, 403, 404, 422 ...): a business decision that a replay cannot change.
 * Takes the thrown value; never throws.
 */
export function classifyQueuedFailure(error: unknown): QueuedFailureKind {
  const status = statusOf(error);
  if (status !== undefined) return TRANSIENT_STATUSES.has(status) || status >= 500 ? 'transient' : 'rejected';
  if (error instanceof NetworkError) return 'network';
  if (error instanceof TypeError) return 'network';
  if (error && typeof error === 'object' && 'name' in error) {
    const name = String((error as { name: unknown }).name);
    if (name === 'NetworkError' || name === 'AbortError' || name === 'TimeoutError') return 'network';
  }
  // Unknown failures (e.g. a bug in the mutation function) are not retried: they would fail the same way.
  return 'rejected';
}

/**
 * TanStack Query `retry` function for queued mutations.
 * Takes the number of failures so far (1 after the first failure) and the error; returns whether to try again.
 * Network failures and transient statuses retry with backoff up to `MAX_NETWORK_ATTEMPTS` /
 * `MAX_TRANSIENT_ATTEMPTS`; while the app is offline the retryer pauses instead of counting attempts, so a
 * queued action waits for the network rather than failing. Business rejections (4xx) never retry.
 */
export function shouldRetryQueuedMutation(failureCount: number, error: unknown): boolean {
  switch (classifyQueuedFailure(error)) {
    case 'network':
      return failureCount < MAX_NETWORK_ATTEMPTS;
    case 'transient':
      return failureCount < MAX_TRANSIENT_ATTEMPTS;
    case 'rejected':
      return false;
  }
}

/**
 * TanStack Query `retryDelay` for queued mutations: exponential backoff 1 s, 2 s, 4 s ... capped at 30 s, with
 * up to 20% random jitter so thousands of phones in one stadium do not replay in lock-step.
 * Takes the failure count (1-based), the error and an optional random source; returns milliseconds.
 * A 429/503 `Retry-After` is not visible here (the API client turns answers into errors); the cap bounds it.
 */
export function queuedRetryDelay(failureCount: number, _error?: unknown, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.max(0, failureCount - 1));
  return Math.round(exponential * (1 - 0.2 * random()));
}

/**
 * Options every offline-capable mutation spreads into its `setMutationDefaults` (check-in, story chapter view,
 * video view, article read): pause while offline (`networkMode: 'online'`), the retry/drop policy above, and the
 * `offlineQueue` meta that makes the persister keep the mutation and the indicator count it.
 * Example: `queryClient.setMutationDefaults(['checkin'], {...queuedMutationDefaults, mutationFn})`.
 */
export const queuedMutationDefaults = {
  networkMode: 'online',
  retry: shouldRetryQueuedMutation,
  retryDelay: queuedRetryDelay,
  meta: QUEUED_MUTATION_META,
} as const;

/** True when a mutation's `meta` marks it as an offline-queue action. */
export function isQueuedMutationMeta(meta: Record<string, unknown> | undefined): boolean {
  return meta?.offlineQueue === true;
}
