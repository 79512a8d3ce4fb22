import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { startSupabaseStandIn, type SupabaseStandIn } from '../stand-ins/supabase-auth';
import { createTestContext, type TestContext } from './helpers';

const LEGACY_SECRET = 'super-secret-jwt-token-with-at-least-32-characters';

let standIn: SupabaseStandIn;
let otherProject: SupabaseStandIn;
let t: TestContext;
let legacy: TestContext;

beforeAll(async () => {
  standIn = await startSupabaseStandIn(0, { log: () => undefined });
  otherProject = await startSupabaseStandIn(0, { log: () => undefined });
  const env = { PUBLIC_AUTH_MODE: 'supabase', PUBLIC_SUPABASE_URL: standIn.url, PUBLIC_SUPABASE_ANON_KEY: 'anon-key' };
  t = await createTestContext({ env });
  legacy = await createTestContext({
    env: { ...env, SUPABASE_JWT_SECRET: LEGACY_SECRET, OPERATOR_EMAILS: 'boss@club.example,deputy@club.example' },
  });
});
afterAll(async () => {
  await t.close();
  await legacy.close();
  await standIn.stop();
  await otherProject.stop();
});
beforeEach(() => {
  t.clock.set(new Date());
  legacy.clock.set(new Date());
});

const email = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@fans.example`;
const sub = () => crypto.randomUUID();

function hs256(claims: Record<string, unknown>, secret = LEGACY_SECRET, issuer = `${standIn.url}/auth/v1`) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

describe('Supabase access tokens as API bearers (supabase mode)', () => {
  it('a valid ES256 token from the project JWKS signs the member in, creating them by sub with their e-mail', async () => {
    const id = sub();
    const address = email('New.Fan');
    const token = await standIn.signAccessToken({ sub: id, email: address });
    const me = await t.request('GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(address.toLowerCase());
    expect(me.body.data.isNewUser).toBe(true);
    const rows = await t.db.select().from(users).where(eq(users.authSubject, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(address.toLowerCase());
    expect(Math.abs(Date.parse(me.body.data.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('a second token of the same sub (after a refresh) finds the same member', async () => {
    const id = sub();
    const address = email('again');
    const first = await t.request('GET', '/api/user/me', { token: await standIn.signAccessToken({ sub: id, email: address }) });
    const second = await t.request('GET', '/api/user/me', {
      token: await standIn.signAccessToken({ sub: id, email: address, session_id: crypto.randomUUID() }),
    });
    expect(second.status).toBe(200);
    expect(second.body.data.userId).toBe(first.body.data.userId);
  });

  it('twenty simultaneous first requests of a new user create exactly one member', async () => {
    const id = sub();
    const token = await standIn.signAccessToken({ sub: id, email: email('rush') });
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', '/api/user/me', { token })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.data.userId)).size).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.authSubject, id))).toHaveLength(1);
  });

  it('the token is a full member bearer: the member can check in and read their ledger', async () => {
    const token = await standIn.signAccessToken({ sub: sub(), email: email('checkin') });
    const checkin = await t.request('POST', '/api/checkin', {
      token,
      body: { occurredAt: new Date().toISOString() },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(checkin.status).toBeLessThan(300);
    const ledger = await t.request('GET', '/api/user/me/transactions', { token });
    expect(ledger.status).toBe(200);
    expect(ledger.body.data.length).toBeGreaterThan(0);
  });

  it('an existing member with the same e-mail and no Supabase identity is linked, not duplicated', async () => {
    const address = email('local');
    const localToken = await t.signIn(address);
    const before = await t.request('GET', '/api/user/me', { token: localToken });
    const id = sub();
    const me = await t.request('GET', '/api/user/me', { token: await standIn.signAccessToken({ sub: id, email: address }) });
    expect(me.status).toBe(200);
    expect(me.body.data.userId).toBe(before.body.data.userId);
  });

  it('an e-mail change at Supabase follows to the member', async () => {
    const id = sub();
    await t.request('GET', '/api/user/me', { token: await standIn.signAccessToken({ sub: id, email: email('old') }) });
    const changed = email('changed');
    const me = await t.request('GET', '/api/user/me', { token: await standIn.signAccessToken({ sub: id, email: changed }) });
    expect(me.body.data.email).toBe(changed);
  });

  it('an expired token is 401 (expiry checked against the server clock)', async () => {
    const token = await standIn.signAccessToken({ sub: sub(), email: email('expired') }, { expiresInSeconds: 60 });
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(200);
    t.clock.advance(61_000);
    const res = await t.request('GET', '/api/user/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('Unauthorized');
  });

  it('a token of another project (other key, other issuer) is 401', async () => {
    const foreign = await otherProject.signAccessToken({ sub: sub(), email: email('foreign') });
    expect((await t.request('GET', '/api/user/me', { token: foreign })).status).toBe(401);
    const otherKeyOurIssuer = await otherProject.signAccessToken(
      { sub: sub(), email: email('forged') },
      { issuer: `${standIn.url}/auth/v1` },
    );
    expect((await t.request('GET', '/api/user/me', { token: otherKeyOurIssuer })).status).toBe(401);
  });

  it('a token with the wrong issuer or audience is 401 even when our key signed it', async () => {
    const wrongIssuer = await standIn.signAccessToken({ sub: sub(), email: email('iss') }, { issuer: 'https://evil.example/auth/v1' });
    const anon = await standIn.signAccessToken({ sub: sub(), email: email('aud') }, { audience: 'anon' });
    expect((await t.request('GET', '/api/user/me', { token: wrongIssuer })).status).toBe(401);
    expect((await t.request('GET', '/api/user/me', { token: anon })).status).toBe(401);
  });

  it('a tampered token, a token without e-mail and garbage are 401', async () => {
    const token = await standIn.signAccessToken({ sub: sub(), email: email('tamper') });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, email: 'admin@podium.example' })).toString('base64url')}.${s}`;
    expect((await t.request('GET', '/api/user/me', { token: tampered })).status).toBe(401);
    const noEmail = await standIn.signAccessToken({ sub: sub() });
    expect((await t.request('GET', '/api/user/me', { token: noEmail })).status).toBe(401);
    expect((await t.request('GET', '/api/user/me', { token: 'a.b.c' })).status).toBe(401);
  });

  it('HS256 tokens are refused unless the legacy secret is configured', async () => {
    const token = await hs256({ sub: sub(), email: email('hs') });
    expect((await t.request('GET', '/api/user/me', { token })).status).toBe(401);
  });

  it('with SUPABASE_JWT_SECRET, an HS256 token signed with it is accepted and one signed with another secret is 401', async () => {
    const ok = await hs256({ sub: sub(), email: email('legacy') });
    expect((await legacy.request('GET', '/api/user/me', { token: ok })).status).toBe(200);
    const bad = await hs256({ sub: sub(), email: email('legacy-bad') }, 'another-secret-of-at-least-thirty-two-chars');
    expect((await legacy.request('GET', '/api/user/me', { token: bad })).status).toBe(401);
    // ES256 tokens from the JWKS still work next to the secret.
    expect(
      (await legacy.request('GET', '/api/user/me', { token: await standIn.signAccessToken({ sub: sub(), email: email('es') }) })).status,
    ).toBe(200);
  });

  it('OPERATOR_EMAILS makes the first listed member to arrive an operator, and no one once the organization has one', async () => {
    const boss = await legacy.request('GET', '/api/user/me', { token: await hs256({ sub: sub(), email: 'Boss@club.example' }) });
    expect(boss.body.data.role).toBe('operator');
    const deputy = await legacy.request('GET', '/api/user/me', { token: await hs256({ sub: sub(), email: 'deputy@club.example' }) });
    expect(deputy.status).toBe(200);
    expect(deputy.body.data.role).toBe('member');
  });

  it('the organization key still makes a visitor, and DELETE /session with a Supabase token answers without error', async () => {
    expect((await t.request('GET', '/api/organization/current')).status).toBe(200);
    const token = await standIn.signAccessToken({ sub: sub(), email: email('logout') });
    const res = await t.request('DELETE', '/api/session', { token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(res.status).toBeLessThan(300);
  });
});

describe('local mode', () => {
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestContext({ env: { PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9' } });
  });
  afterAll(async () => local.close());

  it('a Supabase token is not a bearer when auth mode is local (401)', async () => {
    const token = await standIn.signAccessToken({ sub: sub(), email: email('local-mode') });
    expect((await local.request('GET', '/api/user/me', { token })).status).toBe(401);
  });
});
