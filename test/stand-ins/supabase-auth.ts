/**
 * A local stand-in for Supabase Auth (GoTrue) — test-only, never shipped. It speaks the parts of the HTTP
 * API that `@supabase/supabase-js` uses in Podium, with real ES256 tokens signed by `jose`:
 * - `POST /auth/v1/otp {email}`: "sends" a 6-digit code (kept in memory, printed as
 *   `[supabase] sign-in code for <email>: <code>`, readable at `GET /__stand-in/codes/<email>`);
 * - `POST /auth/v1/verify {type:'email', email, token}`: a session (access + refresh token, user) or 403;
 * - `POST /auth/v1/token?grant_type=refresh_token {refresh_token}`: a new session, the refresh token rotates (a used
 *   one still works for 10 s, like GoTrue's reuse interval);
 * - `GET /auth/v1/user` (bearer): the user; `POST /auth/v1/logout`: 204;
 * - `GET /auth/v1/.well-known/jwks.json`: the public key.
 * Every call is recorded (`GET /__stand-in/events`); `POST /__stand-in/config {accessTokenTtlSeconds}` shortens the
 * lifetime of the next tokens. CORS is open, as on the real service.
 *
 * Run alone: `npx tsx test/stand-ins/supabase-auth.ts [port]`.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

type StandInUser = { id: string; email: string; createdAt: string };
type RefreshGrant = { userId: string; sessionId: string; usedAt: number | null };

/** Like GoTrue's `refresh_token_reuse_interval`: a used refresh token still works for 10 s (a refresh lost in flight). */
const REFRESH_REUSE_INTERVAL_MS = 10_000;
/** One recorded call: path, grant type (refresh) and time. */
export type StandInEvent = { at: number; method: string; path: string; grantType?: string; email?: string };

/** Handle of a running stand-in. */
export interface SupabaseStandIn {
  /** Project URL, e.g. `http://127.0.0.1:54321` (issuer = `${url}/auth/v1`). */
  url: string;
  /** Every call so far. */
  events: StandInEvent[];
  /** Last code sent to `email`, if any. */
  codeFor(email: string): string | undefined;
  /** Signs an access token with the stand-in's key (tests of the server's verification). */
  signAccessToken(
    claims: Record<string, unknown>,
    options?: { expiresInSeconds?: number; issuer?: string; audience?: string },
  ): Promise<string>;
  /** Sets the lifetime of tokens issued from now on. */
  setAccessTokenTtl(seconds: number): void;
  stop(): Promise<void>;
}

/**
 * Starts the stand-in on `port` (0 = any free port) at 127.0.0.1. Resolves once it listens.
 */
export async function startSupabaseStandIn(port = 0, options: { log?: (line: string) => void } = {}): Promise<SupabaseStandIn> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const usersByEmail = new Map<string, StandInUser>();
  const usersById = new Map<string, StandInUser>();
  const codes = new Map<string, string>();
  const refreshTokens = new Map<string, RefreshGrant>();
  const events: StandInEvent[] = [];
  let ttlSeconds = 3600;
  let url = '';

  const userJson = (u: StandInUser) => ({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.createdAt,
    phone: '',
    confirmed_at: u.createdAt,
    last_sign_in_at: new Date().toISOString(),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: u.createdAt,
    updated_at: new Date().toISOString(),
    is_anonymous: false,
  });

  async function sign(claims: Record<string, unknown>, o: { expiresInSeconds?: number; issuer?: string; audience?: string } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: 'authenticated', aal: 'aal1', amr: [{ method: 'otp', timestamp: now }], is_anonymous: false, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setIssuer(o.issuer ?? `${url}/auth/v1`)
      .setAudience(o.audience ?? 'authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + (o.expiresInSeconds ?? ttlSeconds))
      .sign(privateKey);
  }

  async function session(user: StandInUser, sessionId: string) {
    const refreshToken = randomBytes(12).toString('base64url');
    refreshTokens.set(refreshToken, { userId: user.id, sessionId, usedAt: null });
    const accessToken = await sign({
      sub: user.id,
      email: user.email,
      phone: '',
      session_id: sessionId,
      user_metadata: {},
      app_metadata: { provider: 'email' },
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ttlSeconds,
      expires_at: Math.floor(Date.now() / 1000) + ttlSeconds,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  const fail = (status: 400 | 401 | 403 | 404, errorCode: string, msg: string) =>
    new Response(JSON.stringify({ code: status, error_code: errorCode, msg }), { status, headers: { 'content-type': 'application/json' } });

  const app = new Hono();
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version'],
      exposeHeaders: ['x-supabase-api-version'],
    }),
  );
  app.use('/auth/v1/*', async (c, next) => {
    events.push({ at: Date.now(), method: c.req.method, path: c.req.path, grantType: c.req.query('grant_type') });
    await next();
    c.header('x-supabase-api-version', '2024-01-01');
  });

  app.get('/auth/v1/.well-known/jwks.json', (c) => c.json({ keys: [publicJwk] }));

  app.post('/auth/v1/otp', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: string };
    const email = body.email?.trim().toLowerCase();
    if (!email || !email.includes('@')) return fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    codes.set(email, code);
    events[events.length - 1].email = email;
    log(`[supabase] sign-in code for ${email}: ${code}`);
    return c.json({});
  });

  app.post('/auth/v1/verify', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: string; token?: string; type?: string };
    const email = body.email?.trim().toLowerCase() ?? '';
    if (body.type !== 'email' || !email || codes.get(email) !== body.token) {
      return fail(403, 'otp_expired', 'Token has expired or is invalid');
    }
    codes.delete(email);
    let user = usersByEmail.get(email);
    if (!user) {
      user = { id: randomUUID(), email, createdAt: new Date().toISOString() };
      usersByEmail.set(email, user);
      usersById.set(user.id, user);
    }
    return c.json(await session(user, randomUUID()));
  });

  app.post('/auth/v1/token', async (c) => {
    if (c.req.query('grant_type') !== 'refresh_token') return fail(400, 'unsupported_grant_type', 'Unsupported grant type');
    const body = (await c.req.json().catch(() => ({}))) as { refresh_token?: string };
    const grant = body.refresh_token ? refreshTokens.get(body.refresh_token) : undefined;
    const user = grant && usersById.get(grant.userId);
    if (!grant || !user || (grant.usedAt !== null && Date.now() - grant.usedAt > REFRESH_REUSE_INTERVAL_MS)) {
      return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    }
    grant.usedAt ??= Date.now();
    return c.json(await session(user, grant.sessionId));
  });

  app.get('/auth/v1/user', async (c) => {
    const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const sub = token ? JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').sub : undefined;
    const user = sub ? usersById.get(sub) : undefined;
    return user ? c.json(userJson(user)) : fail(401, 'bad_jwt', 'invalid JWT');
  });

  app.post('/auth/v1/logout', (c) => c.body(null, 204));

  app.get('/__stand-in/events', (c) => c.json(events));
  app.get('/__stand-in/codes/:email', (c) => {
    const code = codes.get(c.req.param('email').toLowerCase());
    return code ? c.json({ code }) : c.json({ error: 'no code' }, 404);
  });
  app.post('/__stand-in/config', async (c) => {
    const body = (await c.req.json()) as { accessTokenTtlSeconds?: number };
    if (typeof body.accessTokenTtlSeconds === 'number') ttlSeconds = body.accessTokenTtlSeconds;
    return c.json({ accessTokenTtlSeconds: ttlSeconds });
  });
  app.post('/__stand-in/reset-events', (c) => {
    events.length = 0;
    return c.json({});
  });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  url = `http://127.0.0.1:${actualPort}`;

  return {
    url,
    events,
    codeFor: (email) => codes.get(email.toLowerCase()),
    signAccessToken: sign,
    setAccessTokenTtl: (seconds) => {
      ttlSeconds = seconds;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startSupabaseStandIn(Number(process.argv[2] ?? 54321));
  console.log(`Supabase Auth stand-in listening at ${standIn.url}`);
}
