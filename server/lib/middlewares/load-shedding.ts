/**
 * Load shedding (decision 0047): at most `maxInFlight` API requests of this process are being served at once;
 * one more is refused at once with 503 `ServiceUnavailable` and `Retry-After`, before it reads its body or
 * touches the database. Under a burst beyond what the process and its database connections can serve, members
 * get a quick, retryable answer (the client's retry and offline queue honour `Retry-After`) instead of a
 * request that waits until it times out, and the requests already admitted keep their latency.
 *
 * The requests admitted but waiting for a database connection are the bounded queue: at most `maxInFlight` minus
 * the pool size of them, each for at most DATABASE_POOL_TIMEOUT_MS (then 503 as well, `server/db/client.ts`).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * The answer to a request the server is too busy to serve: 503 `{error: {code: 'ServiceUnavailable', message}}`
 * with `Retry-After: retryAfterSeconds`.
 */
export function serviceBusy(c: Context<AppEnv>, retryAfterSeconds: number): Response {
  const body = { error: { code: 'ServiceUnavailable' as const, message: 'The service is busy. Please try again in a moment.' } };
  return c.json(body, 503, { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * Middleware: counts the requests in flight through it and sheds those beyond `maxInFlight`.
 * @param options.maxInFlight requests served at once (env MAX_IN_FLIGHT_REQUESTS)
 * @param options.retryAfterSeconds the `Retry-After` of a shed request (seconds)
 */
export function loadShedding(options: { maxInFlight: number; retryAfterSeconds: number }): MiddlewareHandler<AppEnv> {
  let inFlight = 0;
  return async (c, next) => {
    if (inFlight >= options.maxInFlight) return serviceBusy(c, options.retryAfterSeconds);
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}
