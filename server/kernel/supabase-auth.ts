/**
 * Supabase access tokens as API bearers (ARCHITECTURE §3 `supabase` mode; decision 0030).
 *
 * - Verification with `jose`: the project's JWKS at `{PUBLIC_SUPABASE_URL}/auth/v1/.well-known/jwks.json`
 *   (fetched once, cached by `createRemoteJWKSet`, re-fetched on an unknown `kid`), or the legacy HS256 secret when
 *   `SUPABASE_JWT_SECRET` is set. Issuer `{PUBLIC_SUPABASE_URL}/auth/v1`, audience `authenticated`, expiry against
 *   the app clock, and an e-mail claim are required.
 * - The member is found by `sub` (`users.auth_subject`) in the server's organization (`ORGANIZATION_KEY`); a member
 *   of that organization with the same e-mail and no subject yet is linked; otherwise one is created. The e-mail
 *   follows the token's (Supabase owns the address).
 * - Anything that does not verify resolves to null, which the authenticate middleware turns into 401.
 */
import { bootstrapsOperator } from './operators';
import { and, eq, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { isUniqueViolation } from '../db/client';
import { users } from '../db/schema';
import { describeError } from '../lib/error-description';
import type { AppDeps } from './types';
import type { Principal, UserRow } from '../lib/app-env';
import { isUuid } from '../lib/ids';

/** Audience of a signed-in user's access token (Supabase Auth). */
const SUPABASE_AUDIENCE = 'authenticated';

/** A session id for principals that have no row in `sessions` (DELETE /session then removes nothing). */
const NO_SESSION_ID = '00000000-0000-0000-0000-000000000000';

/** The claims Podium reads from a verified Supabase access token. */
type SupabaseClaims = { sub: string; email: string; sessionId: string | null };

type RemoteJwks = ReturnType<typeof createRemoteJWKSet>;
const jwksByUrl = new Map<string, RemoteJwks>();

/** Issuer of the project's tokens: `{supabaseUrl}/auth/v1` (no trailing slash on the project URL). */
function supabaseIssuer(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`;
}

/** JWKS URL of the project: `{supabaseUrl}/auth/v1/.well-known/jwks.json`. */
function supabaseJwksUrl(supabaseUrl: string): URL {
  return new URL(`${supabaseIssuer(supabaseUrl)}/.well-known/jwks.json`);
}

/**
 * The cached remote key set for a project URL (one per URL per process). jose keeps the keys for 10 minutes and
 * re-fetches at most every 30 s when a token names an unknown key.
 */
function remoteJwks(supabaseUrl: string): RemoteJwks {
  const url = supabaseJwksUrl(supabaseUrl);
  let jwks = jwksByUrl.get(url.href);
  if (!jwks) {
    jwks = createRemoteJWKSet(url, { cacheMaxAge: 10 * 60 * 1000, cooldownDuration: 30 * 1000, timeoutDuration: 5000 });
    jwksByUrl.set(url.href, jwks);
  }
  return jwks;
}

/** Whether a bearer credential has the shape of a JWT (three base64url parts); session tokens never do. */
export function looksLikeJwt(credential: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(credential);
}

/**
 * Verifies a Supabase access token.
 * Takes the token, the project URL, the optional HS256 secret and the current time; returns the claims, or null
 * for a token that is malformed, signed by another key, from another issuer or audience, expired (per `now`,
 * no clock tolerance), or without `sub`/`email`. Never throws for a bad token; a JWKS that cannot be fetched
 * also yields null (logged by the caller as a 401).
 */
async function verifySupabaseAccessToken(
  token: string,
  options: { supabaseUrl: string; jwtSecret: string | null; now: Date },
): Promise<SupabaseClaims | null> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return null;
  }
  const verifyOptions = {
    issuer: supabaseIssuer(options.supabaseUrl),
    audience: SUPABASE_AUDIENCE,
    currentDate: options.now,
    requiredClaims: ['exp', 'sub'],
  };
  let payload: JWTPayload;
  try {
    if (alg === 'HS256') {
      if (!options.jwtSecret) return null;
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(options.jwtSecret), { ...verifyOptions, algorithms: ['HS256'] }));
    } else {
      ({ payload } = await jwtVerify(token, remoteJwks(options.supabaseUrl), { ...verifyOptions, algorithms: ['ES256', 'RS256'] }));
    }
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!payload.sub || !email) return null;
  const sessionId = typeof payload.session_id === 'string' && isUuid(payload.session_id) ? payload.session_id : null;
  return { sub: payload.sub, email, sessionId };
}

/**
 * Finds or creates the member for verified claims in the organization. Concurrent first requests of one new user
 * are safe (insert-or-nothing, then read). Returns the row, or null when the e-mail already belongs to a member
 * linked to another Supabase user (the token is then refused).
 */
async function findOrCreateSupabaseUser(deps: AppDeps, organizationId: string, claims: SupabaseClaims): Promise<UserRow | null> {
  const bySubject = async () =>
    (
      await deps.db
        .select()
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.authSubject, claims.sub)))
    )[0];

  const existing = await bySubject();
  if (existing) {
    if (existing.email === claims.email) return existing;
    try {
      const [updated] = await deps.db
        .update(users)
        .set({ email: claims.email, updatedAt: deps.clock() })
        .where(eq(users.id, existing.id))
        .returning();
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) return existing; // the new address belongs to another member: keep the old one
      throw error;
    }
  }

  // `OPERATOR_EMAILS` bootstraps the organization's first operator only.
  const operator = await bootstrapsOperator(deps.db, deps.env, organizationId, claims.email);
  // A member of this organization with the same e-mail and no external identity yet (e.g. signed up in local mode).
  const [linked] = await deps.db
    .update(users)
    .set({ authSubject: claims.sub, updatedAt: deps.clock(), ...(operator ? { role: 'operator' as const } : {}) })
    .where(and(eq(users.organizationId, organizationId), eq(users.email, claims.email), isNull(users.authSubject)))
    .returning();
  if (linked) return linked;

  await deps.db
    .insert(users)
    .values({
      organizationId,
      email: claims.email,
      authSubject: claims.sub,
      role: operator ? 'operator' : 'member',
      createdAt: deps.clock(),
      updatedAt: deps.clock(),
    })
    .onConflictDoNothing();
  return (await bySubject()) ?? null;
}

/**
 * Resolves a Supabase access token to a member principal of the server's organization (`ORGANIZATION_KEY`).
 * Returns null (-> 401) when supabase mode is off, the token does not verify, or the member cannot be resolved.
 */
export async function resolveSupabasePrincipal(deps: AppDeps, token: string, now: Date): Promise<Principal | null> {
  const { env } = deps;
  if (env.PUBLIC_AUTH_MODE !== 'supabase' || !env.PUBLIC_SUPABASE_URL) return null;
  let claims: SupabaseClaims | null;
  try {
    claims = await verifySupabaseAccessToken(token, { supabaseUrl: env.PUBLIC_SUPABASE_URL, jwtSecret: env.SUPABASE_JWT_SECRET, now });
  } catch (error) {
    deps.logger.warn('supabase token verification failed', describeError(error));
    return null;
  }
  if (!claims) return null;
  const [current] = await deps.queries.organizationByPublicKey.execute({ publicKey: env.ORGANIZATION_KEY });
  const cached = current && (await deps.organizations.get(current.id, current.version));
  if (!cached) return null;
  const user = await findOrCreateSupabaseUser(deps, cached.organization.id, claims);
  if (!user) return null;
  return { kind: 'user', ...cached, user, sessionId: claims.sessionId ?? NO_SESSION_ID };
}
