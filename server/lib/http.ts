/**
 * Request/response helpers shared by every route: validation of a value with a shared zod contract (422
 * ValidationFailed with details; a declared route's body, path and query are validated by its declaration,
 * `./openapi`) and the `{data}` envelope.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { validationFailed } from './errors';
import type { JsonText } from './json-text';

/** zod issues as `[{path, message}]` for `error.details`. */
export function issueDetails(error: z.ZodError) {
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
 * Sends `{data}` with `status` (200 by default), as JSON. The text is kept beside the answer (`sentText`) for the
 * Idempotency-Key middleware. Typed as `c.json`'s answer, so a route declared with `declareRoute` checks `data`
 * against the declared answer's contract.
 */
export function sendData<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  status: S = 200 as S,
): Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'> {
  // The answer `c.json` would give, typed as such so that a declared route checks it against its contract.
  return sendJson(c, JSON.stringify({ data }), status) as Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'>;
}

/** Sends the JSON text `text` with `status`, kept beside the answer as `sentText`. */
function sendJson(c: Context, text: string, status: ContentfulStatusCode): Response {
  const response = c.body(text, status, { 'Content-Type': 'application/json' });
  c.set('sentText', { response, text });
  return response;
}

/**
 * `sendData` for data already encoded: sends `{"data":<text>}` with `status` (200 by default). Typed as `sendData`'s
 * answer for `T`, so a declared route still checks that `text` encodes its declared answer's data.
 */
export function sendDataText<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  text: JsonText<T>,
  status: S = 200 as S,
): Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'> {
  return sendJson(c, `{"data":${text}}`, status) as Response & TypedResponse<JSONParsed<{ data: T }>, S, 'json'>;
}
