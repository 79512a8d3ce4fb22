/**
 * Admission to the embedded database (decision 0064): at most `concurrency` API requests of this process are
 * served at once; the others wait in line, first come first served, for at most `maxWaitMs`, and a request that
 * cannot be admitted in that time, or that finds `maxQueue` requests already waiting, is answered 503
 * `ServiceUnavailable` with `Retry-After` before it has read its body or touched the database.
 *
 * PGlite runs one statement at a time for the whole process. Without a line in front of it, every request of a
 * burst interleaves its statements with everybody else's, each statement queues behind all the others, and a
 * request of a large burst can wait past any client's timeout (no answer at all). With the line, an admitted request
 * competes with a few others only and finishes quickly, and a late one gets a quick, retryable answer: the same
 * contract PostgreSQL's pool gives with DATABASE_POOL_TIMEOUT_MS.
 */
import { E_TIMEOUT, Semaphore, withTimeout } from 'async-mutex';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { serviceBusy } from './load-shedding';

/** How many requests are served at once, and how long and how many may wait. */
type AdmissionOptions = {
  /** Requests served at once (env PGLITE_CONCURRENT_REQUESTS). */
  concurrency: number;
  /** Longest wait for admission, ms (env DATABASE_POOL_TIMEOUT_MS). */
  maxWaitMs: number;
  /** Most requests waiting at once (env MAX_IN_FLIGHT_REQUESTS); one more is refused at once. */
  maxQueue: number;
  /** The `Retry-After` of a refused request, seconds. */
  retryAfterSeconds: number;
};

/**
 * Middleware: admits requests through a semaphore of `concurrency` permits (async-mutex), FIFO.
 * @returns 503 ServiceUnavailable + Retry-After for a request not admitted within `maxWaitMs` or beyond `maxQueue`
 */
export function databaseAdmission(options: AdmissionOptions): MiddlewareHandler<AppEnv> {
  const permits = withTimeout(new Semaphore(options.concurrency), options.maxWaitMs);
  let waiting = 0;
  return async (c, next) => {
    if (waiting >= options.maxQueue) return serviceBusy(c, options.retryAfterSeconds);
    let release: () => void;
    waiting++;
    try {
      [, release] = await permits.acquire();
    } catch (error) {
      if (error === E_TIMEOUT) return serviceBusy(c, options.retryAfterSeconds);
      throw error;
    } finally {
      waiting--;
    }
    try {
      await next();
    } finally {
      release();
    }
  };
}
