// @vitest-environment jsdom
/**
 * The HTTP client against a real HTTP server (node:http on a random port): headers, bearer rule, one attempt per
 * call with the retry hints on its errors (the retry policy itself: retry-policy.test.ts), typed errors, logging.
 * No mocked fetch.
 */
import { testRuntimeConfig } from './runtime-config-fixture';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../src/api/client';
import { clearSessionToken, getSessionToken, setOrganizationToken, setSessionToken } from '../../src/api/credentials';
import {
  ApiError,
  ChallengeSubmissionError,
  InsufficientPointsError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  StoryChapterViewError,
  UnauthorizedError,
} from '../../src/api/errors';
import { setRuntimeConfig, type RuntimeConfig } from '../../src/platform/runtime-config';
import { changeLanguage, initI18n } from '../../src/platform/i18n';
import { QueryClient } from '@tanstack/react-query';
import { getCurrentUserQueryOptions } from '../../src/lib/session/get-current-user';
import { getOrganizationQueryOptions } from '../../src/lib/organization/get-organization';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
/** An answer: `body` is sent as JSON, `raw` as is. */
type Reply = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

let server: Server;
let origin = '';
let seen: Seen[] = [];
let replies: Reply[] = [];

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const reply = replies.shift() ?? { status: 200, body: { data: { ok: true } } };
    res.writeHead(reply.status, reply.status === 503 ? 'Service Unavailable' : undefined, {
      'content-type': 'application/json',
      ...reply.headers,
    });
    res.end(reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)));
  });
}

const config = (apiOrigin: string): RuntimeConfig => testRuntimeConfig({ apiOrigin });

const OkSchema = z.object({ data: z.object({ ok: z.boolean() }) });

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  replies = [];
  setRuntimeConfig(config(origin));
  clearSessionToken();
  setOrganizationToken(null);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('headers and bearer (spec §7)', () => {
  it('a visitor request goes to the configured origin with JSON headers and the organization key as bearer', async () => {
    const result = await apiRequest('/organization/current', { schema: OkSchema });
    expect(result).toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe('/api/organization/current');
    expect(seen[0].headers.accept).toBe('application/json');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.authorization).toBe('Bearer pk_test_org');
    expect(seen[0].headers['x-org-token']).toBeUndefined();
  });

  it('with a session the bearer is the session token, and x-org-token is sent once the organization is known', async () => {
    setSessionToken('session-abc');
    setOrganizationToken('org-token-1');
    await apiRequest('/user/me', { schema: OkSchema });
    expect(seen[0].headers.authorization).toBe('Bearer session-abc');
    expect(seen[0].headers['x-org-token']).toBe('org-token-1');
  });

  it("content is asked for in the language the fan chose in the app, not the browser's", async () => {
    await initI18n();
    await changeLanguage('fr');
    await apiRequest('/challenge', { schema: OkSchema });
    await changeLanguage('en');
    await apiRequest('/challenge', { schema: OkSchema });
    expect(seen.map((r) => r.headers['accept-language'])).toEqual(['fr', 'en']);
  });

  it("auth: 'organization' forces the organization key even when signed in", async () => {
    setSessionToken('session-abc');
    await apiRequest('/activations/list', { schema: OkSchema, auth: 'organization' });
    expect(seen[0].headers.authorization).toBe('Bearer pk_test_org');
  });

  it('a mutation sends its JSON body, its Idempotency-Key and query parameters', async () => {
    await apiRequest('/checkin', {
      method: 'POST',
      body: { occurredAt: '2026-11-22T10:00:00.000Z' },
      idempotencyKey: 'key-1',
      query: { a: 1, b: undefined },
      schema: OkSchema,
    });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/api/checkin?a=1');
    expect(seen[0].headers['idempotency-key']).toBe('key-1');
    expect(JSON.parse(seen[0].body)).toEqual({ occurredAt: '2026-11-22T10:00:00.000Z' });
  });

  it('a 204 answer without a schema resolves to undefined', async () => {
    replies.push({ status: 204 });
    await expect(apiRequest('/session', { method: 'DELETE', idempotencyKey: 'k' })).resolves.toBeUndefined();
  });

  it("read: 'text' resolves with the body as sent (a CSV file); a refused request is still a typed error", async () => {
    replies.push({ status: 200, raw: 'day,checkins\r\n2026-11-23,4\r\n', headers: { 'content-type': 'text/csv; charset=utf-8' } });
    await expect(apiRequest<string>('/admin/figures.csv', { query: { figure: 'checkins' }, read: 'text' })).resolves.toBe(
      'day,checkins\r\n2026-11-23,4\r\n',
    );
    replies.push({ status: 422, body: { error: { code: 'ValidationFailed', message: 'Invalid query' } } });
    await expect(apiRequest<string>('/admin/figures.csv', { read: 'text' })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('one attempt per call: TanStack Query owns retries (decision 0046)', () => {
  it('a GET answered 503 is sent once; its error is replayable and carries Retry-After in ms', async () => {
    replies.push({ status: 503, body: { error: { code: 'Unavailable', message: 'busy' } }, headers: { 'retry-after': '5' } });
    const error = await apiRequest('/challenge', { schema: OkSchema }).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, replayable: true, retryAfterMs: 5000 });
  });

  it('a Retry-After given as an HTTP date becomes the wait until that date', async () => {
    const at = new Date(Date.now() + 30_000).toUTCString();
    replies.push({ status: 429, headers: { 'retry-after': at } });
    const error = (await apiRequest('/challenge').catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterMs).toBeGreaterThan(28_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('a POST without an Idempotency-Key answered 503 is sent once and marked not replayable', async () => {
    replies.push({ status: 503 });
    const error = await apiRequest('/session/otp', { method: 'POST', body: {}, schema: OkSchema }).catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 503, replayable: false, retryAfterMs: undefined });
  });

  it('a POST with an Idempotency-Key answered 409 (in flight) is sent once and marked replayable', async () => {
    replies.push({ status: 409, body: { error: { code: 'IdempotencyKeyInFlight', message: 'wait' } } });
    const error = await apiRequest('/checkin', { method: 'POST', body: {}, idempotencyKey: 'same-key', schema: OkSchema }).catch(
      (e: unknown) => e,
    );
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 409, replayable: true });
  });
});

describe('typed errors and logging (spec §8)', () => {
  it('401 is UnauthorizedError, 404 NotFoundError', async () => {
    replies.push({ status: 401, body: { error: { code: 'Unauthorized', message: 'no session' } } });
    await expect(apiRequest('/user/me', { schema: OkSchema })).rejects.toBeInstanceOf(UnauthorizedError);
    replies.push({ status: 404, body: { error: { code: 'NotFound', message: 'nope' } } });
    await expect(apiRequest('/challenge/x', { schema: OkSchema })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('422 codes map to ChallengeSubmissionError, InsufficientPointsError and StoryChapterViewError', async () => {
    replies.push({ status: 422, body: { error: { code: 'ChallengeSubmission', message: 'expired' } } });
    await expect(apiRequest('/challenge/1', { method: 'POST', body: {}, idempotencyKey: 'k1', schema: OkSchema })).rejects.toBeInstanceOf(
      ChallengeSubmissionError,
    );
    replies.push({ status: 422, body: { error: { code: 'InsufficientPoints', message: 'poor' } } });
    await expect(
      apiRequest('/sweepstake/1/entry', { method: 'POST', body: { count: 1 }, idempotencyKey: 'k2', schema: OkSchema }),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
    replies.push({ status: 422, body: { error: { code: 'StoryChapterView', message: 'x' } } });
    const error = await apiRequest('/content/stories/1/chapter-view/2', { method: 'POST', idempotencyKey: 'k3', schema: OkSchema }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoryChapterViewError);
    expect((error as Error).message).toBe('Error marking story chapter as watched');
  });

  it('other errors keep status, code and message', async () => {
    replies.push({ status: 403, body: { error: { code: 'Forbidden', message: 'other org' } } });
    await expect(apiRequest('/user/me', { schema: OkSchema })).rejects.toMatchObject({
      status: 403,
      code: 'Forbidden',
      message: 'other org',
    });
  });

  it('a failed response is logged with status, status text and headers', async () => {
    replies.push({ status: 418, body: { error: { code: 'Teapot', message: 'short and stout' } }, headers: { 'x-request-id': 'req-9' } });
    await apiRequest('/user/me', { schema: OkSchema }).catch(() => undefined);
    const warn = vi.mocked(console.warn);
    expect(warn).toHaveBeenCalledTimes(1);
    const details = warn.mock.calls[0][1] as { status: number; statusText: string; headers: Record<string, string> };
    expect(details.status).toBe(418);
    expect(typeof details.statusText).toBe('string');
    expect(details.headers['x-request-id']).toBe('req-9');
  });

  it('a 2xx body that does not match the schema is an InvalidResponseError', async () => {
    replies.push({ status: 200, body: { data: { ok: 'yes' } } });
    await expect(apiRequest('/user/me', { schema: OkSchema })).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('no answer at all (server unreachable) is a NetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setRuntimeConfig(config(`http://127.0.0.1:${port}/api`));
    await expect(apiRequest('/user/me', { schema: OkSchema })).rejects.toBeInstanceOf(NetworkError);
    await expect(apiRequest('/user/me', { method: 'PATCH', body: {} })).rejects.toMatchObject({ name: 'NetworkError', replayable: false });
  });
});

describe('the current user (spec §8; decision 0053)', () => {
  it('a 401 or a suspended account (403 AccountSuspended) is no current user, and the token is cleared', async () => {
    for (const reply of [
      { status: 401, body: { error: { code: 'Unauthorized', message: 'Invalid or expired credential' } } },
      { status: 403, body: { error: { code: 'AccountSuspended', message: 'This account is suspended', details: { until: null } } } },
    ]) {
      setSessionToken('tok_member');
      replies.push(reply);
      expect(await new QueryClient().fetchQuery(getCurrentUserQueryOptions())).toBeNull();
      expect(getSessionToken()).toBeNull();
    }
  });

  it('another 403 is an error, and the token stays', async () => {
    setSessionToken('tok_member');
    replies.push({ status: 403, body: { error: { code: 'Forbidden', message: 'x-org-token does not match' } } });
    await expect(new QueryClient().fetchQuery(getCurrentUserQueryOptions())).rejects.toBeInstanceOf(ApiError);
    expect(getSessionToken()).toBe('tok_member');
  });
});

describe('the organization asked for by index.html (decision 0107)', () => {
  const early = (language: string, status: number, body: unknown) => {
    (globalThis as { __podiumOrganization?: unknown }).__podiumOrganization = Promise.resolve({
      language,
      response: new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    });
  };
  const organization = (name: string) => ({ organizationId: 'org-1', name, token: 'org-token-early' });

  it('the first organization query takes its answer, in the language i18next decided, and the next one asks the server', async () => {
    await initI18n();
    await changeLanguage('en');
    early('en', 200, { data: organization('Early') });
    replies.push({ status: 200, body: { data: organization('From the server') } });
    expect((await new QueryClient().fetchQuery(getOrganizationQueryOptions())).name).toBe('Early');
    expect(seen).toHaveLength(0);
    expect((await new QueryClient().fetchQuery(getOrganizationQueryOptions())).name).toBe('From the server');
    expect(seen.map((request) => request.url)).toEqual(['/api/organization/current']);
  });

  it('an answer in another language, or a failed one, is dropped and the server is asked again', async () => {
    await initI18n();
    await changeLanguage('en');
    for (const [language, status] of [
      ['fr', 200],
      ['en', 503],
    ] as const) {
      seen = [];
      early(language, status, { data: organization('Early') });
      replies.push({ status: 200, body: { data: organization('From the server') } });
      expect((await new QueryClient().fetchQuery(getOrganizationQueryOptions())).name).toBe('From the server');
      expect(seen).toHaveLength(1);
    }
  });
});
