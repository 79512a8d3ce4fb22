/**
 * The load balancer of docs/deploy.md: Debian's nginx, run with the very site file the guide shows
 * (`docs/deploy/nginx.conf`, with this test's ports and log directory), in front of two real Podium processes on
 * one PostgreSQL database. Requests reach both processes; a process sent SIGTERM answers `/readyz`
 * 503, finishes the request it has in flight and exits 0, while nginx keeps answering every request from the other.
 *
 * PostgreSQL only (PODIUM_TEST_DB=postgres): two processes cannot share one embedded PGlite. nginx runs as a child
 * in the foreground (`-g 'daemon off;'`) with its pid, temp paths and logs in a temporary directory;
 * `scripts/test-all.sh` installs Debian's nginx when `/usr/sbin/nginx` is missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiHeaders, startServer, type RunningServer } from '../../scripts/lib/server';
import { freePort } from './global-setup';
import { createPostgresDatabase, dropPostgresDatabase, ORG_KEY } from './helpers';

const NGINX = '/usr/sbin/nginx';
const START_TIMEOUT = 120_000;
/** How long a stopping process keeps accepting while its /readyz says 503 (SHUTDOWN_DELAY_MS). */
const SHUTDOWN_DELAY_MS = 5_000;

/**
 * The guide's site file with the hosts, the listening port and the log directory replaced.
 * @throws when the file no longer holds a value this test replaces (the guide and the test must change together)
 */
function siteConfig(hostPorts: [number, number], listenPort: number, logDir: string): string {
  let text = readFileSync('docs/deploy/nginx.conf', 'utf8');
  const replace = (from: string, to: string) => {
    if (text.split(from).length !== 2) throw new Error(`docs/deploy/nginx.conf should hold "${from}" exactly once`);
    text = text.replace(from, to);
  };
  replace('server 10.0.0.11:3000', `server 127.0.0.1:${hostPorts[0]}`);
  replace('server 10.0.0.12:3000', `server 127.0.0.1:${hostPorts[1]}`);
  replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  replace('/var/log/nginx/', `${logDir}/`);
  return text;
}

/**
 * The `upstream=` field of each access-log line of a `GET /api/user/me`: the hosts nginx tried for that request, in
 * order. Other requests are left out: nginx may log the sign-in's last answer after the test has read it.
 */
function upstreamsOf(accessLog: string): string[] {
  return [...accessLog.matchAll(/"GET \/api\/user\/me HTTP\/[\d.]+" .*?upstream=(.+?) upstream_status=/g)].map((m) => m[1]);
}

describe('docs/deploy.md', () => {
  it('shows only lines of the nginx site the test runs, so the guide cannot drift from it', () => {
    const guide = readFileSync('docs/deploy.md', 'utf8');
    const excerpt = /```nginx\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const site = new Set(
      readFileSync('docs/deploy/nginx.conf', 'utf8')
        .split('\n')
        .map((line) => line.trim()),
    );
    const lines = excerpt
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => !site.has(line))).toEqual([]);
  });
});

const adminUrl = inject('pgAdminUrl');

describe.skipIf(!adminUrl)('nginx in front of two Podium processes (docs/deploy.md)', () => {
  const name = `${inject('pgDatabasePrefix')}_lb_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  let dir: string;
  let a: RunningServer;
  let b: RunningServer;
  let nginx: ChildProcess;
  let nginxExited: Promise<unknown>;
  let nginxOutput = '';
  let front: string;
  let hostA: string;
  let hostB: string;
  const accessLog = () => readFileSync(join(dir, 'podium.access.log'), 'utf8');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-nginx-'));
    const databaseUrl = await createPostgresDatabase(adminUrl!, name);
    const env = {
      ORGANIZATION_KEY: ORG_KEY,
      STATIC_DIR: './test-no-dist',
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      LOG_LEVEL: 'info',
    };
    // The first process migrates and seeds; the second starts on the ready database.
    a = await startServer(await freePort(), env, { startTimeoutMs: START_TIMEOUT });
    b = await startServer(await freePort(), env, { startTimeoutMs: START_TIMEOUT });
    hostA = new URL(a.baseUrl).host;
    hostB = new URL(b.baseUrl).host;

    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    // nginx's workers run as an unprivileged user when it is started as root: they must reach the temp paths.
    chmodSync(dir, 0o755);
    writeFileSync(
      join(dir, 'podium.conf'),
      siteConfig([Number(a.baseUrl.split(':').at(-1)), Number(b.baseUrl.split(':').at(-1))], port, dir),
    );
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind}_temp;`),
        `  include ${dir}/podium.conf;`,
        '}',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stdout?.on('data', (d) => (nginxOutput += d));
    nginx.stderr?.on('data', (d) => (nginxOutput += d));
    nginxExited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.once('error', (error) => (nginxOutput += String(error)));
    // Wait until nginx answers (expect.poll belongs in tests, not hooks).
    const deadline = Date.now() + 30_000;
    while (
      (await fetch(`${front}/healthz`).then(
        (res) => res.status,
        () => 0,
      )) !== 200
    ) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${nginxOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 3 * START_TIMEOUT);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await nginxExited;
    }
    await Promise.all([a?.stop(), b?.stop()]);
    await dropPostgresDatabase(adminUrl!, name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Signs `email` in through nginx: the code is printed by whichever process took the code request. */
  async function signInThroughNginx(email: string): Promise<string> {
    const orgHeaders = await apiHeaders({ ...a, baseUrl: front });
    const otp = await fetch(`${front}/api/session/otp`, { method: 'POST', headers: orgHeaders, body: JSON.stringify({ email }) });
    expect(otp.status).toBe(202);
    const code = await Promise.any([a.codeFor(email), b.codeFor(email)]);
    const session = await fetch(`${front}/api/session`, { method: 'POST', headers: orgHeaders, body: JSON.stringify({ email, code }) });
    expect(session.status).toBe(200);
    return (await session.json()).data.token as string;
  }

  /** Sends `count` GET /api/user/me through nginx at once; returns their statuses and the hosts that answered them. */
  async function membersThroughNginx(headers: Record<string, string>, count: number) {
    const before = upstreamsOf(accessLog()).length;
    const statuses = await Promise.all(
      Array.from({ length: count }, () => fetch(`${front}/api/user/me`, { headers }).then((res) => res.status)),
    );
    // nginx writes a request's log line once the answer is sent: wait for all of them.
    await expect.poll(() => upstreamsOf(accessLog()).length - before).toBe(count);
    return { statuses, upstreams: upstreamsOf(accessLog()).slice(before) };
  }

  let token: string;

  it('spreads requests over both processes, and a member signed in through one is served by either', async () => {
    token = await signInThroughNginx(`balanced-${randomUUID().slice(0, 8)}@fans.example`);
    const { statuses, upstreams } = await membersThroughNginx(await apiHeaders({ ...a, baseUrl: front }, token), 8);
    expect(statuses).toEqual(Array(8).fill(200));
    expect(new Set(upstreams)).toEqual(new Set([hostA, hostB]));
  });

  it('a process sent SIGTERM answers /readyz 503, finishes its request in flight and exits 0, while nginx answers every request from the other', async () => {
    const headers = await apiHeaders({ ...a, baseUrl: front }, token);
    expect((await fetch(`${a.baseUrl}/readyz`)).status).toBe(200);
    // A request in flight on process A: its body only half sent (straight to A: nginx would wait for the whole body).
    const email = `in-flight-${randomUUID().slice(0, 8)}@fans.example`;
    const body = JSON.stringify({ email });
    const orgHeaders = await apiHeaders(a);
    let req!: ReturnType<typeof httpRequest>;
    const inFlight = new Promise<number>((resolve, reject) => {
      req = httpRequest(
        `${a.baseUrl}/api/session/otp`,
        { method: 'POST', headers: { ...orgHeaders, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
    });
    req.write(body.slice(0, 5));
    await new Promise<void>((resolve) => req.once('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve())));

    process.kill(a.pid, 'SIGTERM');
    // First: not ready, though still alive and still accepting (a balancer polling /readyz takes it out now).
    await expect
      .poll(
        () =>
          fetch(`${a.baseUrl}/readyz`).then(
            (res) => res.status,
            () => 0,
          ),
        { timeout: SHUTDOWN_DELAY_MS },
      )
      .toBe(503);
    expect((await fetch(`${a.baseUrl}/healthz`)).status).toBe(200);
    // Then: no new connections, while the request in flight is still open.
    await expect.poll(() => a.output(), { timeout: 2 * SHUTDOWN_DELAY_MS }).toContain('no longer accepting connections');
    await expect(fetch(`${a.baseUrl}/healthz`)).rejects.toThrow();

    // nginx answers every request, from B (a first try at A is refused and passed on to B).
    const during = await membersThroughNginx(headers, 8);
    expect(during.statuses).toEqual(Array(8).fill(200));
    expect(during.upstreams.map((tried) => tried.split(', ').at(-1))).toEqual(Array(8).fill(hostB));

    // The request in flight finishes with its answer, and the process exits 0.
    req.end(body.slice(5));
    expect(await inFlight).toBe(202);
    expect(await a.codeFor(email)).toMatch(/^\d{6}$/);
    expect(await a.exited).toBe(0);

    const after = await membersThroughNginx(headers, 8);
    expect(after.statuses).toEqual(Array(8).fill(200));
    expect(after.upstreams.map((tried) => tried.split(', ').at(-1))).toEqual(Array(8).fill(hostB));
  }, 60_000);
});
