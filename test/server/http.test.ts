import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { RuntimeConfigSchema } from '../../src/contracts/config';
import { OrganizationResponseSchema } from '../../src/contracts/organization';
import { createApp } from '../../server/app';
import { loadEnv } from '../../server/env';
import type { Logger } from '../../server/lib/logger';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';

let t: TestContext;
const logged: string[] = [];
const captureLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (m) => logged.push(m),
  error: (m, meta) => logged.push(`${m} ${JSON.stringify(meta)}`),
};
beforeAll(async () => {
  t = await createTestContext({ logger: captureLogger });
});
afterAll(async () => t.close());

describe('bad input never gets a 5xx and changes nothing', () => {
  it('malformed JSON is 400 BadRequest', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', {
      token,
      raw: '{"firstName": "Léa",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('BadRequest');
    expect((await t.request('GET', '/api/user/me', { token })).body.data.firstName).toBeNull();
  });

  it('a body that is not JSON is 415', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', {
      token,
      raw: 'firstName=Lea',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UnsupportedMediaType');
  });

  it('JSON that is not an object is 422', async () => {
    const token = await t.signIn();
    for (const raw of ['[]', '"x"', '42', 'null']) {
      const res = await t.request('PATCH', '/api/user/me', { token, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(422);
    }
  });

  it('a body over 1 MB is 413 PayloadTooLarge', async () => {
    const token = await t.signIn();
    const res = await t.request('PATCH', '/api/user/me', { token, body: { properties: { blob: 'x'.repeat(1_100_000) } } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PayloadTooLarge');
    expect((await t.request('GET', '/api/user/me', { token })).body.data.properties).toEqual({});
  });

  it('an empty or blank JSON body counts as {}: a check-in needs no body', async () => {
    for (const raw of ['', '  \n']) {
      const token = await t.signIn();
      const res = await t.request('POST', '/api/checkin', { token, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(raw)).toBe(201);
      expect(res.body.data.created).toBe(true);
    }
    // And a body sent with no content type at all.
    const token = await t.signIn();
    expect((await t.request('POST', '/api/checkin', { token })).status).toBe(201);
  });

  it('a visitor on a members-only route is 401 whatever it sent, before its body is validated', async () => {
    const res = await t.request('POST', '/api/checkin', { body: { occurredAt: 'not a time' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('Unauthorized');
  });

  it('a path id that is not an id is 404 NotFound, and the body is not read', async () => {
    const token = await t.signIn();
    const res = await t.request('POST', '/api/challenge/not.an.id', { token, body: { nonsense: true } });
    expect(res.status).toBe(404);
    expect(ApiErrorBodySchema.parse(res.body).error.code).toBe('NotFound');
  });

  it('unknown API paths are JSON 404s', async () => {
    const res = await t.request('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NotFound');
  });

  it('a malformed bearer is 401', async () => {
    const res = await t.request('GET', '/api/organization/current', { headers: { authorization: 'Basic abc' }, token: null });
    expect(res.status).toBe(401);
  });

  it('an unexpected failure is a 500 with the error shape, logged, without a stack trace in the body', async () => {
    const { app } = createApp({ db: t.db, env: loadEnv({}), logger: captureLogger });
    app.get('/api/__boom', () => {
      throw new Error('database exploded at secret-location');
    });
    const raw = await app.request('/api/__boom', { headers: { authorization: `Bearer ${ORG_KEY}`, 'x-org-token': t.organization.token } });
    const text = await raw.text();
    const res = { status: raw.status, text, body: JSON.parse(text) as { error: { code: string } } };
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('Internal');
    expect(res.text).not.toContain('secret-location');
    expect(res.text).not.toMatch(/at .*\.ts/);
    expect(logged.some((l) => l.includes('secret-location'))).toBe(true);
  });
});

describe('GET /organization/current', () => {
  it('answers the organization with token, ranks P10..P1 and time zone', async () => {
    const res = await t.request('GET', '/api/organization/current');
    const org = OrganizationResponseSchema.parse(res.body).data;
    expect(org.ranks.map((r) => r.name)).toEqual(['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1']);
    expect(org.ranks.map((r) => r.threshold)).toEqual([0, 100, 250, 500, 1000, 2000, 3500, 5500, 8000, 12000]);
    expect(org).toMatchObject({ name: 'Alpine Racing', timeZone: 'Europe/Paris', brandColor: '#0055A4' });
    expect(org.logoMediaId).not.toBeNull();
  });
});

describe('/config.json', () => {
  it('serves the runtime config from the environment', async () => {
    const res = await t.request('GET', '/config.json', { token: null });
    expect(res.status).toBe(200);
    const config = RuntimeConfigSchema.parse(res.body);
    expect(config).toMatchObject({
      apiOrigin: '/api',
      organizationKey: 'pk_test_alpine_racing',
      auth: { mode: 'local', supabaseUrl: null, supabaseAnonKey: null },
      loggedOffDashboard: false,
      tabsEnabled: true,
      cdnBase: '/cdn',
      excludedChallengeIds: [],
      internalEmailDomains: ['alpine-racing.example', 'podium.example'],
      analytics: { key: null, host: null },
      telemetry: { endpoint: null, serviceName: 'podium-web', environment: 'production', version: '1.0.0' },
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('follows PUBLIC_* settings', async () => {
    const env = loadEnv({
      PUBLIC_LOGGED_OFF_DASHBOARD: 'true',
      PUBLIC_EXCLUDED_CHALLENGE_IDS: 'a, b ,c',
      PUBLIC_ANALYTICS_KEY: 'phc_123',
      PUBLIC_ANALYTICS_HOST: 'https://eu.posthog.example',
      PUBLIC_AUTH_MODE: 'supabase',
      PUBLIC_SUPABASE_URL: 'https://abc.supabase.example',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
    });
    const { app } = createApp({ db: t.db, env, logger: captureLogger });
    const config = RuntimeConfigSchema.parse(await (await app.request('/config.json')).json());
    expect(config.loggedOffDashboard).toBe(true);
    expect(config.excludedChallengeIds).toEqual(['a', 'b', 'c']);
    expect(config.analytics).toEqual({ key: 'phc_123', host: 'https://eu.posthog.example' });
    expect(config.auth).toEqual({ mode: 'supabase', supabaseUrl: 'https://abc.supabase.example', supabaseAnonKey: 'anon' });
  });
});

describe('GET /api/media/:id', () => {
  it('serves a challenge image publicly with its content type and long cache headers', async () => {
    const token = await t.signIn();
    const [challenge] = await t.challenges(token);
    const res = await t.app.request(`/api/media/${challenge.mediaId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('max-age=31536000');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('png');
    const cached = await t.app.request(`/api/media/${challenge.mediaId}`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(cached.status).toBe(304);
  });

  it('unknown or malformed media ids are 404', async () => {
    expect((await t.app.request('/api/media/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await t.app.request('/api/media/logo.svg')).status).toBe(404);
  });
});

describe('the built PWA', () => {
  it('without a build, a navigation gets a 503 page telling to run npm run build', async () => {
    const res = await t.app.request('/dashboard', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('serves files, sw.js without caching, and index.html for client routes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-dist-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Podium</title>');
      writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
      writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
      const { app } = createApp({ db: t.db, env: loadEnv({ STATIC_DIR: dir }), logger: captureLogger });
      const sw = await app.request('/sw.js');
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('service-worker-allowed')).toBe('/');
      const asset = await app.request('/assets/index-abc123.js');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const nav = await app.request('/challenges/poll', { headers: { accept: 'text/html' } });
      expect(nav.status).toBe(200);
      expect(await nav.text()).toContain('<title>Podium</title>');
      const missingFile = await app.request('/missing.png', { headers: { accept: 'image/png' } });
      expect(missingFile.status).toBe(404);
      const apiNav = await app.request('/api/nothing', { headers: { accept: 'text/html' } });
      expect(apiNav.headers.get('content-type')).toContain('application/json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
