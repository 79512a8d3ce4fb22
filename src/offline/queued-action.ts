/**
 * Queued (offline-capable) actions: the variables captured when the fan acts, and the retry/drop policy
 * applied while the action waits in the persisted mutation queue.
 *
 * Rule sources: ARCHITECTURE §4 (every mutation carries an `Idempotency-Key`, created when the action is first
 * queued; the server replays the stored answer), §5 (a queued check-in carries the time it was made), §6 (paused
 * mutations persist and replay on reconnect), decision 0005 (a replay the server rejects for a business reason is
 * dropped with a toast, not retried forever; one failure does not block the rest of the queue).
 * The list of retryable failures and the delay are the app's one retry policy (`src/api/retry-policy.ts`); this
 * module only sets the queue's longer budget.
 */
import { isNetworkFailure, isRetryableFailure, retryDelayMs, statusOf } from '../api/retry-policy';

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

/**
 * Attempts (the first one included) after which a transient server answer (a retryable status of
 * `src/api/retry-policy.ts`) gives up: with full-jitter backoff (up to 30 s) plus any `Retry-After`, a few minutes.
 */
export const MAX_TRANSIENT_ATTEMPTS = 20;
/** Attempts after which repeated network failures while "online" give up (each pauses while offline first). */
export const MAX_NETWORK_ATTEMPTS = 30;

/** What the queue does with a failed attempt. */
type QueuedFailureKind = 'network' | 'transient' | 'rejected';

/**
 * Classifies a failed attempt of a queued action with the shared retry policy (`src/api/retry-policy.ts`).
 * - `network`: no HTTP answer (`NetworkError`, a fetch `TypeError`, an abort/timeout): the server never decided.
 * - `transient`: a retryable status (408, 409 — the same key still in flight —, 425, 429, 500, 502, 503, 504):
 *   the server may accept later.
 * - `rejected`: any other answer (401, 403, 404, 422, 501 ...): a decision that a replay cannot change.
 * Unknown failures (e.g. a bug in the mutation function) are `rejected`: they would fail the same way again.
 * Takes the thrown value; never throws.
 */
export function classifyQueuedFailure(error: unknown): QueuedFailureKind {
  if (!isRetryableFailure(error)) return 'rejected';
  return statusOf(error) === undefined && isNetworkFailure(error) ? 'network' : 'transient';
}

/**
 * TanStack Query `retry` function for queued mutations.
 * Takes TanStack's failure count (0 on the first failure) and the error; returns whether to try again.
 * Network failures and transient statuses retry until `MAX_NETWORK_ATTEMPTS` / `MAX_TRANSIENT_ATTEMPTS` attempts
 * were made; while the app is offline the retryer pauses instead of counting attempts, so a queued action waits
 * for the network rather than failing. Business rejections (4xx) never retry.
 */
export function shouldRetryQueuedMutation(failureCount: number, error: unknown): boolean {
  const attemptsMade = failureCount + 1;
  switch (classifyQueuedFailure(error)) {
    case 'network':
      return attemptsMade < MAX_NETWORK_ATTEMPTS;
    case 'transient':
      return attemptsMade < MAX_TRANSIENT_ATTEMPTS;
    case 'rejected':
      return false;
  }
}

/**
 * Options every offline-capable mutation spreads into its `setMutationDefaults` (check-in, story chapter view,
 * video view, article read): pause while offline (`networkMode: 'online'`), the retry/drop policy above with the
 * shared `retryDelayMs` (`Retry-After` honoured), and the
 * `offlineQueue` meta that makes the persister keep the mutation and the indicator count it.
 * Example: `queryClient.setMutationDefaults(['checkin'], {...queuedMutationDefaults, mutationFn})`.
 */
export const queuedMutationDefaults = {
  networkMode: 'online',
  retry: shouldRetryQueuedMutation,
  // The shared delay: the answer's Retry-After plus full-jitter backoff, so a replay never comes back sooner than
  // the server asked and a crowd of phones does not replay in lock-step.
  retryDelay: retryDelayMs,
  meta: QUEUED_MUTATION_META,
} as const;

/** True when a mutation's `meta` marks it as an offline-queue action. */
export function isQueuedMutationMeta(meta: Record<string, unknown> | undefined): boolean {
  return meta?.offlineQueue === true;
}
