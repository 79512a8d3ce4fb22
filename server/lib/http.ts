/**
 * Request/response helpers shared by every route: body and parameter validation with the shared zod
 * contracts (400 malformed JSON, 415 not JSON, 422 ValidationFailed with details) and the `{data}` envelope.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { PathIdSchema } from '../../src/contracts/common';
import { ApiError, badRequest, notFound, validationFailed } from './errors';

/** UTF-8 as `Request.text()` decodes it (malformed bytes replaced, a leading BOM dropped). */
const utf8 = new TextDecoder();

/** zod issues as `[{path, message}]` for `error.details`. */
function issueDetails(error: z.ZodError) {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/**
 * Validates `value` with `schema`.
 * @throws ApiError 422 ValidationFailed with the issues as details
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, message = 'Invalid request'): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(message, issueDetails(result.error));
  return result.data;
}

/**
 * Reads the JSON body and validates it. An empty body counts as `{}` (so `POST /checkin` needs none).
 * @throws ApiError 415 when a non-empty body is not JSON, 400 when it is malformed, 422 when it breaks the schema
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  // Read as bytes, which the Idempotency-Key middleware has already read and Hono keeps: asking for text after bytes
  // would make Hono rebuild the body through a full Response and its stream.
  const text = utf8.decode(await c.req.arrayBuffer());
  if (text.trim() === '') return parseWith(schema, {}, 'Invalid request body');
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ApiError(415, 'UnsupportedMediaType', 'Send the body as application/json');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON in request body');
  }
  return parseWith(schema, value, 'Invalid request body');
}

/**
 * Sends `{data}` with `status` (200 by default), as JSON. The text is kept beside the answer (`sentText`) for the
 * Idempotency-Key middleware. Typed as `c.json`'s answer, so a route declared with `declareRoute` checks `data`
 * against the declared answer's contract.
 */
export function sendData<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  status: S = 200 as S,
): Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'> {
  const text = JSON.stringify({ data });
  const response = c.body(text, status, { 'Content-Type': 'application/json' });
  c.set('sentText', { response, text });
  // The answer `c.json` would give, typed as such so that a declared route checks it against its contract.
  return response as Response as Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'>;
}

/**
 * The path parameter `name` checked as an id (`PathIdSchema`: UUID, slug or key), so nothing else reaches a query.
 * @throws ApiError 404 NotFound with `message` when it is not an id (it names nothing)
 */
export function pathId(c: Context, name: string, message = 'Not found'): string {
  const result = PathIdSchema.safeParse(c.req.param(name));
  if (!result.success) throw notFound(message);
  return result.data;
}
