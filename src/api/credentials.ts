/**
 * Credentials the HTTP client attaches (spec §7, ARCHITECTURE §3):
 * - the session token, persisted in localStorage under `podium.session.token` (spec §3 "fixed local keys");
 * - the organization token (`x-org-token`), remembered once `GET /organization/current` answered, in memory and in
 *   localStorage under `podium.organization.token`: the server refuses calls without it, and queued
 *   actions replayed at boot may go out before the organization is loaded again.
 * The session feature re-exports the token functions; everything else reads them through the client.
 */
import { localStore } from '../platform/local-storage';

/** localStorage key of the session token. */
const SESSION_TOKEN_STORAGE_KEY = 'podium.session.token';
/** localStorage key of the organization token (not a secret: any holder of the public key can read it). */
const ORGANIZATION_TOKEN_STORAGE_KEY = 'podium.organization.token';

let organizationToken: string | null = null;

/** Returns the stored session token, or null when signed out (or storage is unavailable). */
export function getSessionToken(): string | null {
  return localStore()?.getItem(SESSION_TOKEN_STORAGE_KEY) ?? null;
}

/** Stores the session token (after `POST /session`). */
export function setSessionToken(token: string): void {
  localStore()?.setItem(SESSION_TOKEN_STORAGE_KEY, token);
}

/** Removes the session token (logout, or a 401 on `GET /user/me`). */
export function clearSessionToken(): void {
  localStore()?.removeItem(SESSION_TOKEN_STORAGE_KEY);
}

/** Returns the organization token sent as `x-org-token` (this page's, else the last one stored), or null before any. */
export function getOrganizationToken(): string | null {
  return organizationToken ?? localStore()?.getItem(ORGANIZATION_TOKEN_STORAGE_KEY) ?? null;
}

/** Sets (or clears with null) the organization token sent as `x-org-token` on every later request, and stores it. */
export function setOrganizationToken(token: string | null): void {
  organizationToken = token;
  if (token) localStore()?.setItem(ORGANIZATION_TOKEN_STORAGE_KEY, token);
  else localStore()?.removeItem(ORGANIZATION_TOKEN_STORAGE_KEY);
}
