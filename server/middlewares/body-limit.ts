/**
 * The API's request body limit: Hono's `bodyLimit`, reached only when it must read the body to count it.
 *
 * Hono's middleware first asks `c.req.raw.body`, which makes `@hono/node-server` build a real undici Request (a web
 * stream over the socket, an AbortController) for every request, GETs included; its own fast body reading is then
 * lost too (decision 0063). A GET or HEAD has no body, and a request that declares its `Content-Length` (node's
 * HTTP parser has already checked it is a number and holds the request to it) is judged by that number; only a
 * chunked body goes through Hono's counting reader.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Middleware: answers `onError(c)` for a body over `maxSize` bytes, else continues.
 * @param options.maxSize the largest accepted body, in bytes
 * @param options.onError the answer to a body that is too large
 */
export function requestBodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const counting = bodyLimit(options);
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > options.maxSize ? options.onError(c) : next();
    }
    return counting(c, next);
  };
}
