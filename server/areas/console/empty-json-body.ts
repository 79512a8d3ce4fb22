/**
 * A stopgap keeping the API's rule that an empty (or blank) JSON body counts as `{}` on the declared admin routes.
 * `declareRoute`'s own middleware (`emptyBodyAsObject` in `server/lib/openapi.ts`) caches `{}` as the parsed JSON,
 * but Hono's `c.req.json()` (4.13) parses the cached text instead, so a request sent with
 * `Content-Type: application/json` and nothing after it was answered 400 Malformed JSON (a body-less request without
 * a content type is not affected). Caching the text `{}` as well gives the declaration's validator, and a handler
 * reading the body again (`sentFields`), the `{}` they are meant to see. Remove once the shared middleware does it.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/app-env';

/** UTF-8 as `Request.text()` decodes it (malformed bytes replaced, a leading BOM dropped). */
const utf8 = new TextDecoder();

/** A JSON media type, as `readJson` accepted it (`application/json`, `application/<x>+json`). */
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;

/**
 * Middleware reading a blank body of a JSON request as the text `{}`; other requests pass untouched. The body is
 * read as bytes, which the Idempotency-Key middleware has already read and Hono keeps.
 */
export const emptyJsonBodyAsObject: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (
    c.req.method !== 'GET' &&
    c.req.method !== 'HEAD' &&
    JSON_TYPE.test(c.req.header('content-type') ?? '') &&
    utf8.decode(await c.req.arrayBuffer()).trim() === ''
  ) {
    // Hono types the cache by the bodies it holds, but keeps their promises in it (as `emptyBodyAsObject` does).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve('{}');
  }
  await next();
};
