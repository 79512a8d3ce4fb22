/**
 * The server as real processes (ARCHITECTURE §2): graceful shutdown of `server/main.ts` on
 * SIGTERM, and two server processes sharing one PostgreSQL database (idempotency records, once-a-day check-in,
 * awards and rate-limit counters live in the database, so which process answers does not matter).
 *
 * Children run the server as `serverEntryArgs` says (its sources through tsx, so that the test needs no build; compiled
 * under `npm test`, which builds first), each on its own port.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawn } from 'node:child_process';
import { serverEntryArgs, startServer, type RunningServer } from '../../scripts/lib/server';
import { freePort } from './global-setup';
import { createPostgresDatabase, dropPostgresDatabase, ORG_KEY } from './helpers';
import { loadEnv } from '../../server/env';

const START_TIMEOUT = 120_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read arbitrary JSON answers, as TestResponse does
type Call = { status: number; body: any; headers: Headers };

const orgTokens = new WeakMap<RunningServer, Promise<string>>();
/** The organization token of `server` (GET /api/organization/current), read once per server. */
function orgTokenOf(server: RunningServer): Promise<string> {
  let token = orgTokens.get(server);
  if (!token) {
    token = fetch(`${server.baseUrl}/api/organization/current`, { headers: { authorization: `Bearer ${ORG_KEY}` } })
      .then((res) => res.json())
      .then((body) => body.data.token as string);
    orgTokens.set(server, token);
  }
  return token;
}

/** Sends one JSON request to `server` with a bearer (the organization key when no token is given) and x-org-token. */
async function call(
  server: RunningServer,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; key?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${opts.token ?? ORG_KEY}`,
    accept: 'application/json',
    'x-org-token': await orgTokenOf(server),
  };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.key) headers['idempotency-key'] = opts.key;
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Signs `email` in on `server` through the real endpoints (code read from the server's log). */
async function signIn(server: RunningServer, email: string): Promise<string> {
  const otp = await call(server, 'POST', '/api/session/otp', { body: { email } });
  expect(otp.status).toBe(202);
  const session = await call(server, 'POST', '/api/session', { body: { email, code: await server.codeFor(email) } });
  expect(session.status).toBe(200);
  return session.body.data.token;
}

describe('graceful shutdown', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(
      await freePort(),
      { ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: './test-no-dist', LOG_LEVEL: 'info' },
      { startTimeoutMs: START_TIMEOUT },
    );
  }, START_TIMEOUT);
  afterAll(() => server?.stop());

  it('on SIGTERM a request in flight still completes, new connections are refused, and the process exits 0', async () => {
    const email = `shutdown-${randomUUID().slice(0, 8)}@fans.example`;
    const body = JSON.stringify({ email });
    const orgToken = await orgTokenOf(server);
    // A request whose body is only half sent is in flight: the handler is waiting for the rest of it.
    let req!: ReturnType<typeof httpRequest>;
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req = httpRequest(
        `${server.baseUrl}/api/session/otp`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${ORG_KEY}`,
            'x-org-token': orgToken,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
    });
    req.write(body.slice(0, 5));
    await new Promise<void>((resolve) => req.once('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve())));

    process.kill(server.pid, 'SIGTERM');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('SIGTERM received, shutting down');
    // Stopped accepting: a new connection is refused while the old request is still open.
    await expect(fetch(`${server.baseUrl}/config.json`)).rejects.toThrow();

    req.end(body.slice(5));
    const answered = await response;
    expect(answered.status).toBe(202);
    expect(await server.codeFor(email)).toMatch(/^\d{6}$/);
    expect(await server.exited).toBe(0);
  }, 30_000);
});

describe('WEB_CONCURRENCY', () => {
  it('is 1 when unset or empty, N for an integer 1..64, and an error naming the variable otherwise', () => {
    const workerCount = (source: Record<string, string>) => loadEnv(source).WEB_CONCURRENCY;
    expect(workerCount({})).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: '' })).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: '4' })).toBe(4);
    for (const bad of ['0', '65', '2.5', 'two']) expect(() => workerCount({ WEB_CONCURRENCY: bad })).toThrow(/WEB_CONCURRENCY/);
  });

  it('above 1 without DATABASE_URL, the server refuses to start (PGlite serves one process) with exit code 1', async () => {
    const child = spawn(process.execPath, serverEntryArgs('main'), {
      env: { ...process.env, WEB_CONCURRENCY: '2', DATABASE_URL: '', PORT: String(await freePort()), PODIUM_DATA_DIR: 'memory://' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('WEB_CONCURRENCY > 1 needs DATABASE_URL');
  }, 60_000);
});

const adminUrl = inject('pgAdminUrl');

// PGlite is an engine inside one process: two processes cannot open one PGlite data directory, so the
// two-process behaviour can only be tested on PostgreSQL (PODIUM_TEST_DB=postgres).
describe.skipIf(!adminUrl)('two server processes on one PostgreSQL database', () => {
  const name = `${inject('pgDatabasePrefix')}_procs_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let a: RunningServer;
  let b: RunningServer;
  let token: string;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase(adminUrl!, name);
    const env = { ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: './test-no-dist', DATABASE_URL: databaseUrl };
    // The first process migrates and seeds; the second starts on the ready database.
    a = await startServer(await freePort(), env, { startTimeoutMs: START_TIMEOUT });
    b = await startServer(await freePort(), env, { startTimeoutMs: START_TIMEOUT });
    token = await signIn(a, `two-processes-${randomUUID().slice(0, 8)}@fans.example`);
  }, 2 * START_TIMEOUT);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropPostgresDatabase(adminUrl!, name);
  });

  it('a session made on one process is valid on the other', async () => {
    const [onA, onB] = [await call(a, 'GET', '/api/user/me', { token }), await call(b, 'GET', '/api/user/me', { token })];
    expect(onA.status).toBe(200);
    expect(onB.status).toBe(200);
    // A member answer carries no id; the e-mail names the member.
    expect(onA.body.data.email).toMatch(/^two-processes-/);
    expect(onB.body.data.email).toBe(onA.body.data.email);
  });

  it('concurrent members are each answered as themselves, and answers keep their length, content type and headers', async () => {
    // Session lookups of concurrent requests share one statement: each must still get its own member.
    const emails = [1, 2, 3, 4].map((i) => `batch-${i}-${randomUUID().slice(0, 8)}@fans.example`);
    const tokens = await Promise.all(emails.map((email) => signIn(b, email)));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => call(i % 2 ? a : b, 'GET', '/api/user/me', { token: tokens[i % 4] })),
    );
    expect(answers.map((res) => [res.status, res.body.data.email])).toEqual(Array.from({ length: 24 }, (_, i) => [200, emails[i % 4]]));

    // The middlewares set their headers on the finished answer, and the Idempotency-Key middleware replaces the
    // answer it stores with an identical one: status, length, content type and every header must survive both.
    const me = await call(a, 'GET', '/api/user/me', { token });
    const posted = await call(b, 'POST', '/api/checkin', { token: tokens[0], body: {}, key: randomUUID() });
    for (const res of [me, posted]) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(res.body)));
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(posted.status).toBe(201);
  });

  it('a body over 1 MB is 413 PayloadTooLarge whether it declares its length or comes in chunks', async () => {
    // A member of its own: the small body at the end checks them in.
    const fan = await signIn(a, `limits-${randomUUID().slice(0, 8)}@fans.example`);
    const headers = { authorization: `Bearer ${fan}`, 'x-org-token': await orgTokenOf(a), 'content-type': 'application/json' };
    const big = JSON.stringify({ occurredAt: 'x'.repeat(1024 * 1024) });
    const declared = await fetch(`${a.baseUrl}/api/checkin`, { method: 'POST', headers, body: big });
    const chunked = await fetch(`${a.baseUrl}/api/checkin`, {
      method: 'POST',
      headers,
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    for (const res of [declared, chunked]) {
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('PayloadTooLarge');
    }
    const small = await fetch(`${a.baseUrl}/api/checkin`, {
      method: 'POST',
      headers,
      body: new Blob(['{}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(small.status).toBe(201);
  });

  it("a member's Idempotency-Key replayed on the other process answers the stored response and awards nothing more", async () => {
    const key = randomUUID();
    const first = await call(a, 'POST', '/api/checkin', { token, body: {}, key });
    expect(first.status).toBe(201);
    const replay = await call(b, 'POST', '/api/checkin', { token, body: {}, key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const otherBody = await call(b, 'POST', '/api/checkin', {
      token,
      body: { occurredAt: new Date(Date.now() - 60_000).toISOString() },
      key,
    });
    expect(otherBody.status).toBe(422);
  });

  it('one check-in per day holds across both processes', async () => {
    const again = await call(b, 'POST', '/api/checkin', { token, body: {}, key: randomUUID() });
    expect(again.status).toBe(200);
    expect(again.body.data.created).toBe(false);
    const ledger = await call(a, 'GET', '/api/user/me/transactions', { token });
    expect(ledger.body.data.filter((t: { reference: string }) => t.reference.startsWith('checkin:'))).toHaveLength(1);
  });

  it('20 concurrent identical awards split across both processes apply once', async () => {
    const videos = await call(a, 'GET', '/api/content/videos', { token });
    const video = videos.body.data[0];
    const before = (await call(a, 'GET', '/api/user/me', { token })).body.data.points as number;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? b : a, 'POST', `/api/content/videos/${video.id}/view`, { token, body: {}, key: randomUUID() }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201].sort());
    expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
    const after = (await call(b, 'GET', '/api/user/me', { token })).body.data.points as number;
    expect(after - before).toBe(video.value);
    const ledger = await call(b, 'GET', '/api/user/me/transactions', { token });
    expect(ledger.body.data.filter((t: { reference: string }) => t.reference === `video:${video.id}`)).toHaveLength(1);
  });

  it('rate-limit counters are shared: a code request right after one on the other process is 429', async () => {
    const email = `rate-${randomUUID().slice(0, 8)}@fans.example`;
    expect((await call(a, 'POST', '/api/session/otp', { body: { email } })).status).toBe(202);
    const second = await call(b, 'POST', '/api/session/otp', { body: { email } });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(
    'WEB_CONCURRENCY=2 runs two workers, replaces one that dies, and stops with exit code 0 on SIGTERM',
    async () => {
      const cluster = await startServer(
        await freePort(),
        { ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: './test-no-dist', DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2' },
        { startTimeoutMs: START_TIMEOUT },
      );
      try {
        const started = () => [...cluster.output().matchAll(/worker (\d+) started \(pid (\d+)\)/g)].map((m) => Number(m[2]));
        await expect.poll(() => started().length, { timeout: 30_000 }).toBe(2);
        process.kill(started()[0], 'SIGKILL');
        await expect.poll(() => started().length, { timeout: 30_000 }).toBe(3);
        expect((await call(cluster, 'GET', '/api/user/me', { token })).status).toBe(200);
        process.kill(cluster.pid, 'SIGTERM');
        expect(await cluster.exited).toBe(0);
      } finally {
        await cluster.stop();
      }
    },
    2 * START_TIMEOUT,
  );
});
