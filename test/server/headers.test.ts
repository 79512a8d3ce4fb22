/**
 * The organization-token rule and the protective headers, against the real app in-process.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import type { Logger } from '../../server/lib/logger';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';

let t: TestContext;
const warnings: { message: string; meta?: Record<string, unknown> }[] = [];
const captureLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message, meta) => warnings.push({ message, meta }),
  error: () => undefined,
};
let dist: string;
const INLINE_SCRIPT = 'window.__podiumBoot = 1;';
beforeAll(async () => {
  t = await createTestContext({ logger: captureLogger });
  dist = mkdtempSync(join(tmpdir(), 'podium-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Podium</title><style>body{margin:0}</style><script>${INLINE_SCRIPT}</script>` +
      // A shell of a real one's size: larger than the 1 KiB under which compressing is not worth it.
      `<script type="module" src="/assets/index-abc.js"></script></head><body>${'<p>Podium</p>'.repeat(100)}</body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
});
afterAll(async () => {
  rmSync(dist, { recursive: true, force: true });
  await t.close();
});

/** An app on the test database with extra env and the test build in `dist`. */
function appWith(env: Record<string, string> = {}) {
  return createApp({ db: t.db, env: loadEnv({ ORGANIZATION_KEY: ORG_KEY, STATIC_DIR: dist, ...env }), logger: captureLogger }).app;
}

/** The directives of a CSP header as a map of name -> sources. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('x-org-token (ARCHITECTURE §3)', () => {
  it('GET /organization/current, the call that hands out the token, needs none', async () => {
    const visitor = await t.request('GET', '/api/organization/current', { orgToken: null });
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.token).toBe(t.organization.token);
    const token = await t.signIn();
    expect((await t.request('GET', '/api/organization/current', { token, orgToken: null })).status).toBe(200);
  });

  it('a member request without it is 401 with a message naming the header; with it 200; a wrong one 403', async () => {
    const token = await t.signIn();
    const without = await t.request('GET', '/api/user/me', { token, orgToken: null });
    expect(without.status).toBe(401);
    expect(without.body.error.code).toBe('Unauthorized');
    expect(without.body.error.message).toMatch(/x-org-token/);
    expect(without.body.error.message).toMatch(/organization\/current/);
    expect((await t.request('GET', '/api/user/me', { token, orgToken: t.organization.token })).status).toBe(200);
    const wrong = await t.request('GET', '/api/user/me', { token, orgToken: 'not-the-organization-token' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('Forbidden');
  });

  it('a mutation without it changes nothing', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', { token, orgToken: null, body: { firstName: 'Léa' } });
    expect(res.status).toBe(401);
    expect((await t.request('GET', '/api/user/me', { token })).body.data.firstName).not.toBe('Léa');
  });

  it('visitor calls and sign-in come after the organization, so they need it too', async () => {
    expect((await t.request('GET', '/api/challenge', { orgToken: null })).status).toBe(401);
    expect((await t.request('GET', '/api/sweepstake', { orgToken: null })).status).toBe(401);
    const otp = await t.request('POST', '/api/session/otp', { orgToken: null, body: { email: 'no-token@example.com' } });
    expect(otp.status).toBe(401);
    expect(t.lastCode('no-token@example.com')).toBeUndefined();
    expect((await t.request('POST', '/api/session/otp', { body: { email: 'with-token@example.com' } })).status).toBe(202);
  });

  it('the avatar upload needs it; public media (loaded by <img>) does not', async () => {
    const token = await t.signIn();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const upload = await t.app.request('/api/media', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(png),
    });
    expect(upload.status).toBe(401);
    const [challenge] = await t.challenges(token);
    expect((await t.app.request(`/api/media/${challenge.mediaId}`)).status).toBe(200);
  });
});

describe('Cache-Control on API answers', () => {
  it('member answers are no-store, errors included', async () => {
    const token = await t.signIn();
    expect((await t.request('GET', '/api/user/me', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await t.request('GET', '/api/user/me/transactions', { token })).headers.get('cache-control')).toBe('no-store');
    const notFound = await t.request('GET', '/api/challenge/00000000-0000-4000-8000-000000000000', { token });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('cache-control')).toBe('no-store');
  });

  it('the answer that carries a new session token is no-store', async () => {
    const email = 'cache-check@example.com';
    await t.request('POST', '/api/session/otp', { body: { email } });
    const res = await t.request('POST', '/api/session', { body: { email, code: t.lastCode(email) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('Content-Security-Policy of the HTML shell', () => {
  it('/, /index.html and client routes carry it; scripts only from here plus the hash of the inline one', async () => {
    const app = appWith();
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    for (const path of ['/', '/index.html', '/challenges/poll']) {
      const res = await app.request(path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'", hash]);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('report-uri')).toEqual(['/api/csp-report']);
      expect(res.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
    }
  });

  it('the shell is sent compressed to a browser that accepts it, with its policy, and as is to one that does not', async () => {
    const app = appWith();
    for (const path of ['/', '/index.html', '/challenges/poll']) {
      const gzip = await app.request(path, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      expect(gzip.headers.get('content-security-policy'), path).toContain('script-src');
      const body = gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8');
      expect(body, path).toContain(INLINE_SCRIPT);
      const plain = await app.request(path, { headers: { accept: 'text/html' } });
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(await plain.text(), path).toContain(INLINE_SCRIPT);
    }
  });

  it('the page that says to build the app has it too', async () => {
    const res = await t.app.request('/dashboard', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('analytics, telemetry and Supabase hosts are allowed only when the runtime config has them', async () => {
    const app = appWith({
      PUBLIC_ANALYTICS_KEY: 'phc_123',
      PUBLIC_ANALYTICS_HOST: 'https://eu.i.posthog.com',
      PUBLIC_TELEMETRY_ENDPOINT: 'https://otel.example:4318/base',
      PUBLIC_AUTH_MODE: 'supabase',
      PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
      PUBLIC_CDN_BASE: 'https://cdn.example/podium',
    });
    const csp = directives((await app.request('/', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://eu.i.posthog.com',
        'https://otel.example:4318',
        'https://abc.supabase.co',
        'https://cdn.example',
      ]),
    );
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(['https://eu.i.posthog.com', 'https://eu-assets.i.posthog.com']));
    expect(csp.get('img-src')).toContain('https://cdn.example');
    expect(csp.get('media-src')).toContain('https://cdn.example');

    // A host without its key (analytics off) is not allowed.
    const off = appWith({ PUBLIC_ANALYTICS_HOST: 'https://eu.i.posthog.com' });
    const offCsp = directives((await off.request('/', { headers: { accept: 'text/html' } })).headers.get('content-security-policy'));
    expect(offCsp.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(offCsp.get('script-src')).not.toContain('https://eu.i.posthog.com');
  });

  it('an analytics key without a host allows the default analytics host', async () => {
    const csp = directives((await appWith({ PUBLIC_ANALYTICS_KEY: 'phc_123' }).request('/')).headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toContain('https://us.i.posthog.com');
  });

  it('API answers do not carry the shell policy', async () => {
    const res = await t.request('GET', '/api/organization/current');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});

describe('POST /api/csp-report', () => {
  it('logs each violation without query strings and answers 204, without a credential', async () => {
    warnings.length = 0;
    const legacy = await t.app.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://127.0.0.1/dashboard?token=secret',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js?session=secret',
        },
      }),
    });
    expect(legacy.status).toBe(204);
    const batch = await t.app.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
      body: JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'http://127.0.0.1/', effectiveDirective: 'connect-src', blockedURL: 'https://a.example/p' },
        },
      ]),
    });
    expect(batch.status).toBe(204);
    expect(warnings.filter((w) => w.message === 'csp violation').map((w) => w.meta)).toEqual([
      { directive: 'script-src-elem', blocked: 'https://evil.example/x.js', page: 'http://127.0.0.1/dashboard' },
      { directive: 'connect-src', blocked: 'https://a.example/p', page: 'http://127.0.0.1/' },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('secret');
  });

  it('garbage is ignored with 204, never a 5xx', async () => {
    const res = await t.app.request('/api/csp-report', { method: 'POST', body: 'not json' });
    expect(res.status).toBe(204);
  });
});

describe('Permissions-Policy and HSTS', () => {
  it('every answer has a Permissions-Policy that switches off microphone and geolocation, and keeps the camera to the app itself', async () => {
    for (const res of [await t.request('GET', '/api/organization/current'), await appWith().request('/')]) {
      const policy = res.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera=(self)', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy).toContain(feature);
    }
  });

  it('no HSTS over plain HTTP, even when the client claims HTTPS without a trusted proxy', async () => {
    const app = appWith();
    expect((await app.request('http://podium.example/')).headers.get('strict-transport-security')).toBeNull();
    const claimed = await app.request('http://podium.example/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS over HTTPS, and behind a trusted proxy that says HTTPS', async () => {
    expect((await appWith().request('https://podium.example/')).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const proxied = appWith({ TRUST_PROXY: 'true' });
    const viaProxy = await proxied.request('http://podium.example/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const plainViaProxy = await proxied.request('http://podium.example/', { headers: { 'x-forwarded-proto': 'http' } });
    expect(plainViaProxy.headers.get('strict-transport-security')).toBeNull();
  });
});
