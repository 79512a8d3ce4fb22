/**
 * `Idempotency-Key` on mutating requests (ARCHITECTURE §4, decision 0041).
 *
 * The record (principal, key) -> method, path, sha256(body), status, response lives in Postgres for 24 h:
 * - first request: an in-flight record (status null) is inserted and committed *before* the handler runs, so a
 *   concurrent duplicate sees it and gets 409 IdempotencyKeyInFlight (the claims of one event-loop turn share one
 *   statement: `server/db/idempotency-claims.ts`);
 * - the handler then runs inside one request transaction (a unit of work of `server/db/runtime`) and its response
 *   is written into the record in that same transaction: the change and its remembered response commit
 *   together or not at all. A record with a response therefore always means "applied", and an in-flight record
 *   always means "not applied". The routes that declare `groupCommit` share that transaction with the others of
 *   their turn and commit with them, all or nothing;
 * - a replay gets the stored status and body (header `Idempotent-Replayed`);
 * - the same key with another method, path or body is 422 IdempotencyKeyReused (a streamed upload, whose body is
 *   gone by then, is compared by the fingerprint its own middleware set: `idempotencyFingerprint`);
 * - a 5xx or a lost database connection rolls the whole request back and frees the key at once, so the client's
 *   immediate retry is processed (`release`, which tries again on another connection when the pool handed it one
 *   that died with the others); a 429, or a handler that
 *   sets `idempotencyNoStore` (a response holding a secret, e.g. a new session token), commits its change and
 *   frees the key in the same transaction;
 * - an in-flight record older than 2 minutes is considered abandoned (crashed process) and taken over; since
 *   nothing of it committed, the handler runs once. Should the first request still be running, its final update
 *   no longer finds its record and it rolls back.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { HEADER_IDEMPOTENCY_KEY } from '../../src/contracts/common';
import { isConnectionError, type Tx } from '../db/client';
import { runInUnitOf } from '../db/runtime';
import { idempotencyRecords } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { AppDeps } from './types';
import type { AppEnv, Principal } from '../lib/app-env';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** Thrown inside the request transaction to roll it back when the handler answered 5xx. */
class RolledBack extends Error {}

function principalKey(p: Principal) {
  return p.kind === 'user' ? `user:${p.user.id}` : `visitor:${p.organization.id}`;
}

/** Whether an answer with `status` carries no body (204 No Content, 304 Not Modified). */
const isBodiless = (status: number) => status === 204 || status === 304;

/**
 * Reads the text of `res`, the answer of `c`, and puts an identical answer (status, headers, that text) in its place.
 * Cheaper than `res.clone()`: a clone tees the body into two streams and the server then writes the answer chunk by
 * chunk; a string body goes out in one write. `c.res` is cleared first because assigning onto an existing answer
 * makes Hono wrap the new one around a stream of its body.
 */
async function takeBody(c: Context<AppEnv>, res: Response): Promise<string> {
  // An answer of `sendData`, still the one sent: its text is known, and the answer can go out as it is.
  const sent = c.get('sentText');
  if (sent?.response === res) return sent.text;
  const text = await res.text();
  c.res = undefined;
  c.res = new Response(isBodiless(res.status) ? null : text, { status: res.status, headers: res.headers });
  return text;
}

/**
 * A route's declaration that its requests share a transaction with the others of their turn and commit with them
 * (`server/db/runtime/request-groups.ts`): put it in the route's handlers, before the handler. Only for a handler that
 * never opens a transaction of its own (work that needs one follows the commit: `settleAfterCommit`) and never
 * recovers from a failed statement; its statements share the group's one connection, so a handler with many batches
 * them per transaction (the check-in does). Does nothing itself: `idempotency` looks for it among the handlers the
 * request matched.
 */
export const groupCommit: MiddlewareHandler<AppEnv> = async (_c, next) => next();

/** Whether the route `c` matched declared `groupCommit`. */
const declaresGroupCommit = (c: Context<AppEnv>) => matchedRoutes(c).some((route) => route.handler === groupCommit);

/** Middleware: runs after `authenticate`. Requests without the header pass through unchanged. */
export function idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { db } = deps;
  const fault = deps.faultHook ?? (() => undefined);
  return async (c, next) => {
    const key = c.req.header(HEADER_IDEMPOTENCY_KEY);
    if (!MUTATING.has(c.req.method) || key === undefined) return next();
    if (!KEY_FORMAT.test(key)) {
      throw new ApiError(422, 'ValidationFailed', 'Idempotency-Key must be 1-255 visible ASCII characters');
    }
    const principal = principalKey(c.get('principal'));
    const method = c.req.method;
    const path = c.req.path;
    const fingerprint = c.get('idempotencyFingerprint') ?? sha256(new Uint8Array(await c.req.arrayBuffer()));
    const where = and(eq(idempotencyRecords.principal, principal), eq(idempotencyRecords.key, key));

    for (let attempt = 0; attempt < 3; attempt++) {
      const now = deps.clock();
      // Frees the key of a request that committed nothing, so that its retry runs at once; should the database stay
      // away, the in-flight record is taken over once abandoned instead.
      const free = () => deps.idempotencyClaims.release({ principal, key, createdAt: now });
      let claimed: boolean;
      try {
        claimed = await deps.idempotencyClaims.claim({
          principal,
          key,
          method,
          path,
          fingerprint,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        });
      } catch (error) {
        // The claim may have committed before its answer was lost with the connection.
        if (isConnectionError(error)) await free();
        throw error;
      }

      if (claimed) {
        const mine = and(where, eq(idempotencyRecords.createdAt, now), isNull(idempotencyRecords.status));
        const work = async (tx: Tx) => {
          await runInUnitOf(tx, async () => {
            await fault('claimed');
            await next();
          });
          const res = c.res;
          if (res.status >= 500) throw new RolledBack();
          await fault('handled');
          const kept =
            res.status === 429 || c.get('idempotencyNoStore')
              ? (await tx.delete(idempotencyRecords).where(mine).returning({ key: idempotencyRecords.key })).length > 0
              : await deps.idempotencyClaims.store(tx, {
                  principal,
                  key,
                  createdAt: now,
                  status: res.status,
                  responseBody: await takeBody(c, res),
                  responseContentType: res.headers.get('content-type'),
                });
          // Taken over as abandoned meanwhile: the other request owns the key now, this one must not commit.
          if (!kept) throw new ApiError(409, 'IdempotencyKeyInFlight', 'A request with this Idempotency-Key is still in progress');
          await fault('stored');
        };
        try {
          // `deps.db`'s transaction is a unit of work of its own.
          await (declaresGroupCommit(c) ? deps.requestGroups.run(work) : db.transaction(work));
        } catch (error) {
          await free();
          if (error instanceof RolledBack) return;
          throw error;
        }
        await fault('committed');
        return;
      }

      const [existing] = await db.select().from(idempotencyRecords).where(where);
      if (!existing) continue;
      const abandoned = existing.status === null && existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_STALE_MS;
      if (existing.expiresAt <= now || abandoned) {
        const sameRecord = and(where, eq(idempotencyRecords.createdAt, existing.createdAt));
        // An abandoned record is taken over only while it is still in flight (never once its response is stored).
        await db
          .delete(idempotencyRecords)
          .where(abandoned && existing.expiresAt > now ? and(sameRecord, isNull(idempotencyRecords.status)) : sameRecord);
        continue;
      }
      if (existing.method !== method || existing.path !== path || existing.fingerprint !== fingerprint) {
        throw new ApiError(422, 'IdempotencyKeyReused', 'This Idempotency-Key was used for another request');
      }
      if (existing.status === null) {
        throw new ApiError(409, 'IdempotencyKeyInFlight', 'A request with this Idempotency-Key is still in progress');
      }
      const headers = new Headers({ 'Idempotent-Replayed': 'true' });
      if (existing.responseContentType) headers.set('content-type', existing.responseContentType);
      return new Response(isBodiless(existing.status) ? null : existing.responseBody, { status: existing.status, headers });
    }
    throw new ApiError(409, 'IdempotencyKeyInFlight', 'A request with this Idempotency-Key is still in progress');
  };
}
