/**
 * `Idempotency-Key` on mutating requests (ARCHITECTURE §4).
 *
 * The record (principal, key) -> method, path, sha256(body), status, response lives in Postgres for 24 h:
 * - first request: an in-flight record is inserted and committed *before* the handler runs, so a concurrent
 *   duplicate sees it and gets 409 IdempotencyKeyInFlight;
 * - the handler's response is stored; a replay gets the stored status and body (header `Idempotent-Replayed`);
 * - the same key with another method, path or body is 422 IdempotencyKeyReused;
 * - 5xx and 429 responses free the key (the request can be retried), as does a handler that sets
 *   `idempotencyNoStore` (a response holding a secret, e.g. a new session token, is never stored);
 * - an in-flight record older than 2 minutes is considered abandoned (crashed process) and taken over.
 */
import { and, eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { HEADER_IDEMPOTENCY_KEY } from '../../src/contracts/common';
import { idempotencyRecords } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { AppDeps, AppEnv, Principal } from '../lib/types';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_STALE_MS = 2 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

function principalKey(p: Principal) {
  return p.kind === 'user' ? `user:${p.user.id}` : `visitor:${p.organization.id}`;
}

/** Middleware: runs after `authenticate`. Requests without the header pass through unchanged. */
export function idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const { db } = deps;
  return async (c, next) => {
    const key = c.req.header(HEADER_IDEMPOTENCY_KEY);
    if (!MUTATING.has(c.req.method) || key === undefined) return next();
    if (!KEY_FORMAT.test(key)) {
      throw new ApiError(422, 'ValidationFailed', 'Idempotency-Key must be 1-255 visible ASCII characters');
    }
    const principal = principalKey(c.get('principal'));
    const method = c.req.method;
    const path = c.req.path;
    const fingerprint = sha256(new Uint8Array(await c.req.arrayBuffer()));
    const where = and(eq(idempotencyRecords.principal, principal), eq(idempotencyRecords.key, key));

    for (let attempt = 0; attempt < 3; attempt++) {
      const now = deps.clock();
      const claimed = await db
        .insert(idempotencyRecords)
        .values({
          principal,
          key,
          method,
          path,
          fingerprint,
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyRecords.key });

      if (claimed.length) {
        await next();
        const res = c.res;
        if (res.status >= 500 || res.status === 429 || c.get('idempotencyNoStore')) {
          await db.delete(idempotencyRecords).where(where);
        } else {
          await db
            .update(idempotencyRecords)
            .set({
              status: res.status,
              responseBody: await res.clone().text(),
              responseContentType: res.headers.get('content-type'),
            })
            .where(where);
        }
        return;
      }

      const [existing] = await db.select().from(idempotencyRecords).where(where);
      if (!existing) continue;
      const abandoned = existing.status === null && existing.createdAt.getTime() <= now.getTime() - IDEMPOTENCY_STALE_MS;
      if (existing.expiresAt <= now || abandoned) {
        await db.delete(idempotencyRecords).where(and(where, eq(idempotencyRecords.createdAt, existing.createdAt)));
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
      const noBody = existing.status === 204 || existing.status === 304;
      return new Response(noBody ? null : existing.responseBody, { status: existing.status, headers });
    }
    throw new ApiError(409, 'IdempotencyKeyInFlight', 'A request with this Idempotency-Key is still in progress');
  };
}
