/**
 * The one HTTP client of the PWA (spec §7, ARCHITECTURE §5).
 * - One origin: `config.apiOrigin` (`/api` by default) + the spec path.
 * - JSON `accept` and `content-type` headers (binary bodies go as `application/octet-stream`; a `FormData` body goes
 *   as `multipart/form-data` with the boundary the browser sets).
 * - Bearer: the session token if present, else the public organization key; `auth: 'organization'` forces
 *   the organization key (activations, logged-off sweepstakes).
 * - `Accept-Language`: the language the fan chose in the app (content is served in it).
 * - `x-org-token` once the organization is known; `Idempotency-Key` when given (mutations always pass one).
 * - Failed responses are logged with status, status text and headers (`console.warn`).
 * - One attempt per call: it never retries. TanStack Query's retryer owns retries (`./retry-policy.ts`); each error
 *   records what that policy reads: whether the request may be sent again (GET/HEAD, or an Idempotency-Key) and the
 *   answer's `Retry-After`.
 * - Errors: typed errors of `./errors`; no HTTP answer -> `NetworkError`.
 * - Answers are typed with the shared contracts (`apiRequest<Envelope<User>>(...)`) and not parsed at run
 *   time: zod stays off the first screen, and the server's tests parse every answer with the same contract
 *   schemas. A `schema` may still be passed where one is loaded.
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '../contracts/common';
import { HEADER_IDEMPOTENCY_KEY, HEADER_ORG_TOKEN } from '../contracts/constants';
import { currentLanguage } from '../platform/i18n';
import { getRuntimeConfig } from '../platform/runtime-config';
import { getOrganizationToken, getSessionToken } from './credentials';
import { InvalidResponseError, NetworkError, toApiError } from './errors';
import { parseRetryAfter } from './retry-policy';

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer type of a contract's response schema, e.g. `ResponseOf<typeof VideoListResponseSchema>`. */
export type ResponseOf<S extends z.ZodType> = z.infer<S>;

/** The success envelope of every JSON answer (ARCHITECTURE §5). */
export interface Envelope<T> {
  data: T;
}

interface ApiRequestOptions<T = unknown> {
  method?: HttpMethod;
  /** JSON-serialisable body, a Blob/ArrayBuffer sent as `application/octet-stream`, or `FormData` (multipart). */
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Optional zod schema of the whole success envelope, checked when given (see the module note). */
  schema?: z.ZodType<T>;
  /** `Idempotency-Key` header value; every mutation passes one (ARCHITECTURE §4). */
  idempotencyKey?: string;
  /** 'session' (default): session token if present, else organization key. 'organization': always the key. */
  auth?: 'session' | 'organization';
  /** `text`: the success body is read as text and returned as is (a CSV file); JSON (`json`) by default. */
  read?: 'json' | 'text';
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const origin = getRuntimeConfig().apiOrigin.replace(/\/+$/, '');
  const url = `${origin}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Builds the request headers for one call (spec §7 bearer rule). Pure apart from reading the credentials.
 * Returns a plain header record.
 */
function buildHeaders(
  options: Pick<ApiRequestOptions, 'auth' | 'idempotencyKey'> & { binary?: boolean; form?: boolean },
): Record<string, string> {
  const config = getRuntimeConfig();
  const sessionToken = options.auth === 'organization' ? null : getSessionToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    // The language the fan chose in the app, not the browser's: the server answers content in it.
    'accept-language': currentLanguage(),
    authorization: `Bearer ${sessionToken ?? config.organizationKey}`,
  };
  // A multipart body's content type carries its boundary: the browser writes it.
  if (!options.form) headers['content-type'] = options.binary ? 'application/octet-stream' : 'application/json';
  const orgToken = getOrganizationToken();
  if (orgToken) headers[HEADER_ORG_TOKEN] = orgToken;
  if (options.idempotencyKey) headers[HEADER_IDEMPOTENCY_KEY] = options.idempotencyKey;
  return headers;
}

/** Type guard for the API's error body `{error: {code, message}}` (ARCHITECTURE §5). */
function isApiErrorBody(value: unknown): value is ApiErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function readErrorBody(response: Response): Promise<ApiErrorBody['error'] | null> {
  try {
    const body: unknown = await response.json();
    return isApiErrorBody(body) ? body.error : null;
  } catch {
    return null;
  }
}

/**
 * Sends one API request (one attempt, no retry) and reads the answer.
 * Takes the spec path (e.g. `/user/me`) and options; returns the JSON answer typed as `T` (the envelope, e.g.
 * `Envelope<User>`), or undefined for 204 / non-JSON answers (the body's text with `read: 'text'`). Throws
 * `ApiError` (or a subclass) on a non-2xx answer, carrying `replayable` and `retryAfterMs` for the retry policy;
 * `InvalidResponseError` when the body is not JSON or does not match a given `schema`; `NetworkError` (with
 * `replayable`) when no answer arrived.
 */
export async function apiRequest<T = void>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const form = options.body instanceof FormData;
  const binary = options.body instanceof Blob || options.body instanceof ArrayBuffer;
  const url = buildUrl(path, options.query);
  const body = options.body === undefined ? undefined : binary || form ? (options.body as BodyInit) : JSON.stringify(options.body);
  // Spec §7: reads may be sent again; a payload method only with the key that makes the server apply it once.
  const replayable = method === 'GET' || method === 'HEAD' || Boolean(options.idempotencyKey);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: buildHeaders({ auth: options.auth, idempotencyKey: options.idempotencyKey, binary, form }),
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError(`${method} ${path} failed: no answer`, { cause, replayable });
  }

  if (response.ok) {
    if (options.read === 'text') return (await response.text()) as T;
    if (response.status === 204 || !response.headers.get('content-type')?.includes('json')) return undefined as T;
    let json: unknown;
    try {
      json = await response.json();
    } catch (cause) {
      throw new InvalidResponseError(response.status, `${method} ${path}: body is not JSON`, cause);
    }
    if (!options.schema) return json as T;
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
      throw new InvalidResponseError(response.status, `${method} ${path}: unexpected response shape`, parsed.error.issues);
    }
    return parsed.data;
  }

  console.warn(`[api] ${method} ${path} failed`, {
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers.entries()),
  });
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  throw toApiError(response.status, await readErrorBody(response), response.statusText, { replayable, retryAfterMs });
}

/** Creates a fresh Idempotency-Key (UUID v4) for a mutation; create it when the action is first queued. */
export function createIdempotencyKey(): string {
  return crypto.randomUUID();
}
