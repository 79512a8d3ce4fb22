/**
 * Helpers that start the real server as a child process (as `npm run serve` / `npm start` do) and sign fans in
 * through the real API, reading the sign-in codes from the server's output (`[mail] sign-in code for <email>:
 * <code>`, server/lib/mailer.ts). Used by the benchmarks and by the server tests that need real processes
 * (graceful shutdown, several processes on one database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (the cluster primary when WEB_CONCURRENCY > 1). */
  pid: number;
  /** Everything the server printed so far. */
  output: () => string;
  /** The last sign-in code the server printed for `email`; waits up to `timeoutMs` (default 10 s) for it. */
  codeFor: (email: string, timeoutMs?: number) => Promise<string>;
  /** Resolves with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM to the whole process group and waits for the exit. */
  stop: () => Promise<void>;
}

/** A server entry point as `npm run build:server` compiles it, relative to the repository's root. */
const compiledEntry = (entry: 'main' | 'move-to-postgres-cli') => `build/server/${entry}.js`;

/** The compiled production server, what `npm run serve` runs. */
export const COMPILED_SERVER = compiledEntry('main');

/**
 * Whether tests run the server's entry points compiled: `PODIUM_COMPILED_SERVER=true`, which `npm test` sets once
 * its first stage has built them. Otherwise they compile the sources with tsx at each start (seconds of CPU each),
 * so that a test run alone needs no build and never runs a stale one.
 */
const COMPILED_BY_DEFAULT = process.env.PODIUM_COMPILED_SERVER === 'true';

/**
 * The node arguments that run one of the server's entry points: `build/server/<entry>.js` when `compiled` (default
 * `PODIUM_COMPILED_SERVER=true`), else `--import tsx server/<entry>.ts`.
 * @throws when `compiled` and the entry has not been built
 */
export function serverEntryArgs(entry: 'main' | 'move-to-postgres-cli', compiled = COMPILED_BY_DEFAULT): string[] {
  if (!compiled) return ['--import', 'tsx', `server/${entry}.ts`];
  const file = compiledEntry(entry);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build:server`);
  return ['--enable-source-maps', file];
}

const CODE_LINE = /\[mail\] sign-in code for (\S+): (\d{6})/g;

/**
 * Starts the server on `port` with `PODIUM_DATA_DIR=memory://` (unless `env` says otherwise) and waits until
 * `/config.json` answers. `options.compiled` runs `node build/server/main.js` (what `npm start` runs; it must
 * have been built); otherwise `node --import tsx server/main.ts`. It defaults to `PODIUM_COMPILED_SERVER=true`
 * (`serverEntryArgs`). The server runs in its own process group,
 * which `stop()` ends whole (cluster workers included).
 * @throws when something already answers on `port` (a server left over from an earlier run would be measured
 *   instead), when the compiled server is missing, or when the server does not answer within `startTimeoutMs`
 *   (default 60 s).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { compiled?: boolean; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${baseUrl}/config.json`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use (a server left from an earlier run?)`);
  // SERVER_NODE_ARGS: extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=.tmp/prof` to profile a
  // benchmark's server (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, ...serverEntryArgs('main', options.compiled)];
  let out = '';
  let pending = '';
  const codes = new Map<string, string>();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PODIUM_DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Keep the output, and index the codes line by line so thousands of sign-ins do not rescan it all.
  child.stdout?.on('data', (d: Buffer) => {
    const text = d.toString();
    out += text;
    pending += text;
    const end = pending.lastIndexOf('\n');
    if (end < 0) return;
    for (const m of pending.slice(0, end).matchAll(CODE_LINE)) codes.set(m[1], m[2]);
    pending = pending.slice(end + 1);
  });
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/config.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid!,
    output: () => out,
    async codeFor(email, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const code = codes.get(email);
        if (code) return code;
        if (Date.now() > until) throw new Error(`no sign-in code for ${email} in the server output:\n${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
      await exited;
    },
  };
}

/**
 * Headers of a direct API call to `server`, as the PWA sends them (spec §7): JSON content type, the bearer
 * (`bearer`, or the organization key from /config.json when none) and the organization token from
 * GET /api/organization/current in `x-org-token`. Returns a header record.
 */
export async function apiHeaders(server: RunningServer, bearer?: string): Promise<Record<string, string>> {
  const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
  const current = await fetch(`${server.baseUrl}/api/organization/current`, {
    headers: { authorization: `Bearer ${config.organizationKey}` },
  });
  if (!current.ok) throw new Error(`organization: ${current.status}`);
  const orgToken = (await current.json()).data.token as string;
  return { authorization: `Bearer ${bearer ?? config.organizationKey}`, 'x-org-token': orgToken, 'content-type': 'application/json' };
}

/**
 * Signs `email` in (POST /api/session/otp, code from the log, POST /api/session), completes onboarding
 * (PATCH /api/user/me with a username) and returns the bearer token.
 * @throws when a step does not answer as expected (status in the message)
 */
export async function signInFan(server: RunningServer, email: string): Promise<string> {
  const orgAuth = await apiHeaders(server);
  const res = await fetch(`${server.baseUrl}/api/session/otp`, { method: 'POST', headers: orgAuth, body: JSON.stringify({ email }) });
  if (res.status !== 202) throw new Error(`otp: ${res.status}`);
  const code = await server.codeFor(email);
  const session = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', headers: orgAuth, body: JSON.stringify({ email, code }) });
  const token = (await session.json()).data.token as string;
  await fetch(`${server.baseUrl}/api/user/me`, {
    method: 'PATCH',
    headers: { ...(await apiHeaders(server, token)), 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ username: `bench${Date.now() % 100000}`, firstName: 'Bench' }),
  });
  return token;
}
