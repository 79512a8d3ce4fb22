/**
 * Builds the real app in-process for a test file: a fresh database (PGlite in memory, or a new PostgreSQL
 * database when `PODIUM_TEST_DB=postgres`), copied from the run's template with the real migrations and demo seed
 * (`demo-template.ts`), a movable clock, and a mailer
 * that keeps the sign-in codes so tests can sign fans in without reading stdout.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type CreateAppOptions } from '../../server/app';
import { inlineJobs } from '../../server/jobs/inline-jobs';
import type { Jobs } from '../../server/kernel/job-types';
import type { AppDeps } from '../../server/kernel/types';
import { openDatabase, type Database } from '../../server/db/runtime';
import { loadEnv, type Env } from '../../server/env';
import { silentLogger, type Logger } from '../../server/lib/logger';
import type { Mailer, PointsExpiryMessage, SweepstakeWinMessage } from '../../server/lib/mailer';
import { ORG_KEY, seededOrganization } from './demo-template';

export { ORG_KEY } from './demo-template';

/**
 * Creates the PostgreSQL database `name` on the server of `adminUrl` (a superuser URL): empty, or a copy of the
 * database `template` (which nobody may be connected to).
 * @returns its connection URL
 */
export async function createPostgresDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the PostgreSQL database `name` of `createPostgresDatabase`, ending its leftover connections. */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** A clock tests can set and move; starts at the real time. */
function createTestClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.set = (at: Date | string) => {
    now = new Date(at).getTime();
  };
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

/**
 * PGlite's WebAssembly compiled and its file-system bundle read (from the package's exports), and the template's bytes:
 * once per test process, whose files share it (`isolate: false`), instead of once per file's database.
 */
async function loadPglite() {
  const require = createRequire(import.meta.url);
  const [wasm, data] = await Promise.all(
    ['@electric-sql/pglite/pglite.wasm', '@electric-sql/pglite/pglite.data'].map((file) => readFile(require.resolve(file))),
  );
  const templatePath = inject('pgliteTemplatePath');
  return {
    module: { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) },
    template: templatePath ? new Blob([readFileSync(templatePath)]) : undefined,
  };
}

/** What `loadPglite` gave this process, once asked. */
let pglite: ReturnType<typeof loadPglite> | undefined;

/** Opens a fresh database for this test file. */
async function openTestDatabase(): Promise<Database & { drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    pglite ??= loadPglite();
    const { module, template } = await pglite;
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://', pgliteTemplate: template, pgliteModule: module });
    return { ...database, drop: () => database.close() };
  }
  const name = `${inject('pgDatabasePrefix')}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const databaseUrl = await createPostgresDatabase(adminUrl, name, inject('pgTemplateDatabase') ?? undefined);
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 12 });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await dropPostgresDatabase(adminUrl, name);
    },
  };
}

type RequestOptions = {
  /** Session token or organization key; defaults to the organization key. */
  token?: string | null;
  body?: unknown;
  /** Raw body string (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
  /**
   * `x-org-token` to send: defaults to the seeded organization's token, as the PWA sends it after
   * `GET /organization/current` (decision 0042); null sends none. A `headers['x-org-token']` wins.
   */
  orgToken?: string | null;
  /** The socket's remote address the server sees (as @hono/node-server passes it); none by default. */
  remoteAddress?: string;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers; a test that needs a shape passes T
export type TestResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/**
 * Builds the app on a fresh, seeded database.
 * @param overrides environment variables (strings) for `loadEnv`
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    faultHook?: CreateAppOptions['faultHook'];
    admission?: CreateAppOptions['admission'];
    push?: CreateAppOptions['push'];
    /** Where uploads keep their bytes (default: memory); see `media-stores.ts`. */
    storage?: CreateAppOptions['storage'];
    lifecycle?: CreateAppOptions['lifecycle'];
    /** The app's job queue, made on the test's database (default: each job run in-process at once). */
    jobs?: (database: Database) => NonNullable<CreateAppOptions['jobs']>;
  } = {},
) {
  const database = await openTestDatabase();
  const clock = createTestClock();
  const env: Env = loadEnv({ ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: './test-no-dist', ...options.env });
  const codes = new Map<string, string[]>();
  const wins: SweepstakeWinMessage[] = [];
  const expiryMails: PointsExpiryMessage[] = [];
  const mailer: Mailer = {
    async sendSignInCode({ email, code }) {
      codes.set(email, [...(codes.get(email) ?? []), code]);
    },
    async sendSweepstakeWin(message) {
      wins.push(message);
    },
    async sendPointsExpiry(message) {
      expiryMails.push(message);
    },
  };
  const organization = await seededOrganization(database.db);
  // The in-process runner, with the jobs still running kept so a test can wait for them (`jobsSettled`): a route
  // queues its job after its commit, without awaiting it.
  const running = new Set<Promise<void>>();
  const built: { deps?: AppDeps } = {};
  const inline = inlineJobs(() => built.deps!);
  const trackedJobs: Jobs = {
    send(name, data, sendOptions) {
      const job = inline.send(name, data, sendOptions);
      running.add(job);
      void job.finally(() => running.delete(job));
      return job;
    },
  };
  const { app, deps } = createApp({
    db: database.db,
    env,
    logger: options.logger ?? silentLogger,
    mailer,
    clock,
    faultHook: options.faultHook,
    admission: options.admission,
    push: options.push,
    storage: options.storage,
    lifecycle: options.lifecycle,
    jobs: options.jobs?.(database) ?? trackedJobs,
  });
  built.deps = deps;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
  async function request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse<T>> {
    const orgToken = opts.orgToken === undefined ? organization.token : opts.orgToken;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(orgToken !== null ? { 'x-org-token': orgToken } : {}),
      ...opts.headers,
    };
    const token = opts.token === undefined ? ORG_KEY : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const bindings = opts.remoteAddress ? { incoming: { socket: { remoteAddress: opts.remoteAddress } } } : undefined;
    const res = await app.request(path, { method, headers, body }, bindings);
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  /** The last code mailed to `email`. */
  const lastCode = (email: string) => codes.get(email)?.at(-1);

  /** Signs `email` in through the real endpoints; returns the session token. */
  async function signIn(email = `fan-${randomUUID().slice(0, 8)}@example.com`) {
    const otp = await request('POST', '/api/session/otp', { body: { email } });
    if (otp.status !== 202) throw new Error(`otp failed: ${otp.status} ${otp.text}`);
    const res = await request('POST', '/api/session', { body: { email, code: lastCode(email) } });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return res.body.data.token as string;
  }

  /** The seeded challenges (organization key view is public-only, so read them as a member). */
  async function challenges(token: string, language = 'en') {
    const res = await request('GET', '/api/challenge', { token, headers: { 'accept-language': language } });
    return res.body.data as import('../../src/contracts/challenge').Challenge[];
  }

  return {
    app,
    deps,
    db: database.db,
    engine: database.engine,
    /** The open database (its PGlite client, or its PostgreSQL URL). */
    database,
    clock,
    codes,
    /** Sweepstake wins mailed, in order. */
    wins,
    /** Points-expiry reminders mailed, in order. */
    expiryMails,
    lastCode,
    organization,
    request,
    signIn,
    challenges,
    /**
     * Resolves once every in-process job queued so far, and any job those send, has run. A route queues its job from
     * a `setImmediate` after its commit (`afterCommit`), already scheduled when its answer arrives: one turn of the
     * event loop lets those reach the runner first.
     */
    async jobsSettled() {
      do {
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(running);
      } while (running.size > 0);
    },
    close: () => database.drop(),
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
