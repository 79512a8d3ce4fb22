/**
 * The one HTTP client of the PWA (spec §7, ARCHITECTURE §5).
 * - One origin: `config.apiOrigin` (`/api` by default) + the spec path.
 * - JSON `accept` and `content-type` headers (binary bodies go as `application/octet-stream`).
 * - Bearer: the session token if present, else the public organization key; `auth: 'organization'` forces
 *   the organization key (activations, logged-off sweepstakes).
 * - `x-org-token` once the organization is known; `Idempotency-Key` when given (mutations always pass one).
 * - Failed responses are logged with status, status text and headers (`console.warn`).
 * - Retry (ARCHITECTURE §5): GET/HEAD once on 408, 409, 425, 429, 500, 502, 503, 504; payload methods only
 *   when they carry an Idempotency-Key (then once, same statuses).
 * - Errors: typed errors of `./errors`; no HTTP answer -> `NetworkError`.
 * - Answers are typed with the shared contracts (`apiRequest<Envelope<User>>(...)`) and not parsed at run
 *   time: zod stays off the first screen, and the server's tests parse every answer with the same contract
 *   schemas (docs/decisions/0006-first-load-budget.md). A `schema` may still be passed where one is loaded.
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '../contracts/common';
import { HEADER_IDEMPOTENCY_KEY, HEADER_ORG_TOKEN } from '../contracts/constants';
import { getRuntimeConfig } from '../platform/runtime-config';
import { getOrganizationToken, getSessionToken } from './credentials';
import { InvalidResponseError, NetworkError, toApiError } from './errors';

type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses worth one more try (ARCHITECTURE §5). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Default pause before the retry, in milliseconds (a `Retry-After` up to 5 s is honoured instead). */
const RETRY_DELAY_MS = 300;
const MAX_RETRY_AFTER_MS = 5000;

/**
 * Whether a failed attempt may be retried (ARCHITECTURE §5). Pure.
 * Takes the method, the answer's status, whether an Idempotency-Key is attached and how many attempts were
 * made (1 = the first). Returns true only for the first attempt of a GET/HEAD, or of a payload method with an
 * Idempotency-Key, that failed with one of `RETRY_STATUSES`.
 */
export function shouldRetry(method: HttpMethod, status: number, hasIdempotencyKey: boolean, attempt: number): boolean {
  if (attempt >= 2) return false;
  if (!RETRY_STATUSES.has(status)) return false;
  if (method === 'GET' || method === 'HEAD') return true;
  return hasIdempotencyKey;
}

/** The answer type of a contract's response schema, e.g. `ResponseOf<typeof VideoListResponseSchema>`. */
export type ResponseOf<S extends z.ZodType> = z.infer<S>;

/** The success envelope of every JSON answer (ARCHITECTURE §5). */
export interface Envelope<T> {
  data: T;
}

interface ApiRequestOptions<T = unknown> {
  method?: HttpMethod;
  /** JSON-serialisable body, or a Blob/ArrayBuffer sent as `application/octet-stream`. */
  body?: unknown;
  /** Query string parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Optional zod schema of the whole success envelope, checked when given (see the module note). */
  schema?: z.ZodType<T>;
  /** `Idempotency-Key` header value; every mutation passes one (ARCHITECTURE §4). */
  idempotencyKey?: string;
  /** 'session' (default): session token if present, else organization key. 'organization': always the key. */
  auth?: 'session' | 'organization';
  signal?: AbortSignal;
  /** Overrides `RETRY_DELAY_MS` (tests). */
  retryDelayMs?: number;
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
function buildHeaders(options: Pick<ApiRequestOptions, 'auth' | 'idempotencyKey'> & { binary?: boolean }): Record<string, string> {
  const config = getRuntimeConfig();
  const sessionToken = options.auth === 'organization' ? null : getSessionToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': options.binary ? 'application/octet-stream' : 'application/json',
    authorization: `Bearer ${sessionToken ?? config.organizationKey}`,
  };
  const orgToken = getOrganizationToken();
  if (orgToken) headers[HEADER_ORG_TOKEN] = orgToken;
  if (options.idempotencyKey) headers[HEADER_IDEMPOTENCY_KEY] = options.idempotencyKey;
  return headers;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

function retryDelay(response: Response, fallback: number): number {
  const header = response.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  return fallback;
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
 * Sends one API request and reads the answer.
 * Takes the spec path (e.g. `/user/me`) and options; returns the JSON answer typed as `T` (the envelope, e.g.
 * `Envelope<User>`), or undefined for 204 / non-JSON answers. Throws `ApiError` (or a subclass) on a non-2xx
 * answer after the retry rule, `InvalidResponseError` when the body is not JSON or does not match a given
 * `schema`, `NetworkError` when no answer arrived.
 */
export async function apiRequest<T = void>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const binary = options.body instanceof Blob || options.body instanceof ArrayBuffer;
  const url = buildUrl(path, options.query);
  const body =
    options.body === undefined ? undefined : binary ? (options.body as BodyInit) : JSON.stringify(options.body);

  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: buildHeaders({ auth: options.auth, idempotencyKey: options.idempotencyKey, binary }),
        body,
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new NetworkError(`${method} ${path} failed: no answer`, { cause });
    }

    if (response.ok) {
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

    if (shouldRetry(method, response.status, Boolean(options.idempotencyKey), attempt)) {
      await response.body?.cancel().catch(() => undefined);
      await sleep(retryDelay(response, options.retryDelayMs ?? RETRY_DELAY_MS), options.signal);
      continue;
    }
    throw toApiError(response.status, await readErrorBody(response), response.statusText);
  }
}

/** Creates a fresh Idempotency-Key (UUID v4) for a mutation; create it when the action is first queued. */
export function createIdempotencyKey(): string {
  return crypto.randomUUID();
}
