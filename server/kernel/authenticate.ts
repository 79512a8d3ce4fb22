/**
 * Request principal (spec §6-§7, ARCHITECTURE §3): `Authorization: Bearer <credential>` where the credential
 * is a session token (-> the member), in supabase mode a Supabase access token (-> the member, see
 * `kernel/supabase-auth.ts`), or the organization's public key (-> a visitor of that organization).
 * Anything else, or an expired session, is 401; a suspended member is 403 AccountSuspended.
 *
 * `x-org-token` (ARCHITECTURE §3): the client loads `GET /organization/current` first (spec §2, the
 * main guard's first step) and sends the organization's token on every later request. So that one call is the only
 * one accepted without it; any other request without it is 401, and a token that is not the principal's
 * organization's is 403 (a client of one organization cannot talk to another).
 *
 * Every authenticated answer is `Cache-Control: no-store`: it is one member's data (or a session
 * token), which no shared or browser HTTP cache should keep; the PWA's own cache is TanStack Query's.
 */
import type { MiddlewareHandler } from 'hono';
import { HEADER_ORG_TOKEN } from '../../src/contracts/common';
import { assertNotSuspended } from './suspension';
import { looksLikeJwt, resolveSupabasePrincipal } from './supabase-auth';
import { sha256 } from '../lib/crypto';
import { forbidden, unauthorized } from '../lib/errors';
import type { AppDeps } from './types';
import type { AppEnv, Principal } from '../lib/app-env';

/** Bearer credential: up to 4096 printable characters (Supabase access tokens are JWTs of about 1 KB). */
const BEARER = /^Bearer\s+([\x21-\x7e]{1,4096})\s*$/i;

/** Resolves a bearer credential to a principal, or null when it names nothing valid at `now`. */
async function resolvePrincipal(deps: AppDeps, credential: string, now: Date): Promise<Principal | null> {
  // Supabase mode: a JWT bearer is a Supabase access token (kernel/supabase-auth.ts).
  if (deps.env.PUBLIC_AUTH_MODE === 'supabase' && looksLikeJwt(credential)) return resolveSupabasePrincipal(deps, credential, now);
  const row = await deps.sessions.load(sha256(credential));
  if (row) {
    if (row.session.expiresAt <= now) return null;
    const cached = await deps.organizations.get(row.organization.id, row.organization.version);
    return cached && { kind: 'user', ...cached, user: row.user, sessionId: row.session.id };
  }
  const [organization] = await deps.queries.organizationByPublicKey.execute({ publicKey: credential });
  const cached = organization && (await deps.organizations.get(organization.id, organization.version));
  return cached ? { kind: 'visitor', ...cached } : null;
}

/** The calls a client makes before it knows the organization token (spec §2 guard order): `METHOD path`. */
const BEFORE_ORGANIZATION_TOKEN: ReadonlySet<string> = new Set(['GET /api/organization/current']);

/** Whether this request may come without `x-org-token` (it precedes `GET /organization/current`). */
function precedesOrganizationToken(method: string, path: string): boolean {
  return BEFORE_ORGANIZATION_TOKEN.has(`${method === 'HEAD' ? 'GET' : method} ${path.replace(/\/+$/, '')}`);
}

/** Middleware: sets `c.get('principal')` or answers 401/403. */
export function authenticate(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    if (!match) throw unauthorized('Missing bearer credential');
    const orgToken = c.req.header(HEADER_ORG_TOKEN);
    if (orgToken === undefined && !precedesOrganizationToken(c.req.method, c.req.path)) {
      throw unauthorized(
        `Missing ${HEADER_ORG_TOKEN} header: send the token from GET /api/organization/current in ${HEADER_ORG_TOKEN} on every other request`,
      );
    }
    const now = deps.clock();
    const principal = await resolvePrincipal(deps, match[1], now);
    if (!principal) throw unauthorized('Invalid or expired credential');
    // The one place a suspended member is stopped from earning and spending: a suspension revokes
    // their sessions, but a Supabase token or a request already under way still reaches here.
    if (principal.kind === 'user') assertNotSuspended(principal.user, now);
    if (orgToken !== undefined && orgToken !== principal.organization.token) {
      throw forbidden(`${HEADER_ORG_TOKEN} does not match this organization`);
    }
    c.set('principal', principal);
    await next();
    // On the finished response's own headers: `c.header` after `next()` would re-wrap the answer around a stream of
    // its body, which the server then turns into a real undici Response and reads back.
    c.res.headers.set('Cache-Control', 'no-store');
  };
}

/**
 * The signed-in member of this request.
 * @throws ApiError 401 for visitors
 */
export function requireUser(principal: Principal) {
  if (principal.kind !== 'user') throw unauthorized('Sign in to continue');
  return principal;
}
