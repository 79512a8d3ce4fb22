/**
 * Benchmark helpers: start the real server (as `npm run serve` does) on a fresh in-memory database and
 * sign a fan in through the real API, reading the code from the server's output.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface RunningServer {
  baseUrl: string;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `tsx server/main.ts` on `port` with `PODIUM_DATA_DIR=memory://` and waits until `/config.json` answers.
 * The server runs in its own process group, which `stop()` ends whole (npx, tsx and node).
 * @throws when something already answers on `port` (a server left over from an earlier run would be measured
 *   instead), or when the server does not answer within 60 s.
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${baseUrl}/config.json`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} is already in use (a server left from an earlier run?)`);
  let out = '';
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PODIUM_DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/config.json`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGTERM');
      }),
  };
}

/**
 * Headers of a direct API call to `server`, as the PWA sends them (spec §7): JSON content type, the bearer
 * (`bearer`, or the organization key from /config.json when none) and the organization token from
 * GET /api/organization/current in `x-org-token`. Returns a header record.
 */
export async function apiHeaders(server: RunningServer, bearer?: string): Promise<Record<string, string>> {
  const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
  const current = await fetch(`${server.baseUrl}/api/organization/current`, { headers: { authorization: `Bearer ${config.organizationKey}` } });
  if (!current.ok) throw new Error(`organization: ${current.status}`);
  const orgToken = (await current.json()).data.token as string;
  return { authorization: `Bearer ${bearer ?? config.organizationKey}`, 'x-org-token': orgToken, 'content-type': 'application/json' };
}

/**
 * Signs `email` in (POST /api/session/otp, code from the log, POST /api/session), completes onboarding
 * (PATCH /api/user/me with a username) and returns the bearer token.
 */
export async function signInFan(server: RunningServer, email: string): Promise<string> {
  const orgAuth = await apiHeaders(server);
  const res = await fetch(`${server.baseUrl}/api/session/otp`, { method: 'POST', headers: orgAuth, body: JSON.stringify({ email }) });
  if (res.status !== 202) throw new Error(`otp: ${res.status}`);
  const pattern = new RegExp(`sign-in code for ${email.replace(/[.+]/g, '\\$&')}: (\\d{6})`);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    code = pattern.exec(server.output())?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no sign-in code for ${email} in the server output:\n${server.output()}`);
  const session = await fetch(`${server.baseUrl}/api/session`, { method: 'POST', headers: orgAuth, body: JSON.stringify({ email, code }) });
  const token = (await session.json()).data.token as string;
  await fetch(`${server.baseUrl}/api/user/me`, {
    method: 'PATCH',
    headers: { ...(await apiHeaders(server, token)), 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ username: `bench${Date.now() % 100000}`, firstName: 'Bench' }),
  });
  return token;
}
